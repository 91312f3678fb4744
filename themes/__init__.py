"""The bundled TUI themes: one TOML file per theme, loaded by `workbench.tui.themes`."""
