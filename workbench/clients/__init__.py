"""MCP hosts (Claude Desktop, Claude Code, Cursor, VS Code, Gemini CLI, Codex, Goose, Windsurf,
Zed, generic mcp.json): their entry shapes and files (`hosts`), the text of an entry in the
host's format (`render`), comment-keeping edits of their files (`edit`, `jsonc`), and the
`--env-file` reader (`envfile`). Used by `mcp-workbench client-config`; no Textual, no MCP SDK."""
