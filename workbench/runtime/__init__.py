"""The runtime: serve a config over MCP, bind arguments to argv, run the CLI. Never imports Textual."""
