"""The Textual workbench app: the only package that imports Textual."""
