"""The workbench's screens: loading, main, help, quit confirmation."""
