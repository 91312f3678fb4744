"""The workbench's widgets: command tree, inspector, flag editor, previews, status line."""
