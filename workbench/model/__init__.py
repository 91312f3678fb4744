"""The pure model: command tree, config, surface. No Textual, no MCP SDK, no child processes."""
