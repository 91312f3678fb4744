"""The reference for `serve`'s cold start: the smallest low-level MCP SDK server with the same tools.

Run as `python bench/minimal_server.py TOOLS.json [INSTRUCTIONS.txt]`, where TOOLS.json is what
`mcp-workbench tools` prints. It serves that list over stdio with `mcp.server.Server`, exactly
what a hand-written server would do, and answers every call with an empty text result.
Deliberately imports nothing from workbench.
"""

import json
import sys

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        listing = types.ListToolsResult(
            tools=[types.Tool.model_validate(t) for t in json.load(file)]
        )
    instructions = None
    if len(sys.argv) > 2:
        with open(sys.argv[2], encoding="utf-8") as file:
            instructions = file.read() or None

    async def on_list_tools(ctx, params):
        return listing

    async def on_call_tool(ctx, params):
        return types.CallToolResult(content=[types.TextContent(type="text", text="")])

    server = Server(
        "minimal",
        version="1.0.0",
        instructions=instructions,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
    )

    async def serve() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(serve)


if __name__ == "__main__":
    main()
