"""mcp-workbench: design, preview, export and serve the MCP tool surface of a CLI."""

__version__ = "0.1.0"
