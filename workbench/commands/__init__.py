"""One module per `mcp-workbench` subcommand: `add_arguments(parser)` and `run(args) -> int`."""
