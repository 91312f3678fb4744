"""The stdio wire of `serve`: JSON-RPC messages, one per line, where every line gets an answer.

The SDK's own stdio transport drops a line its parser refuses (invalid JSON, a batch, an integer
of 5,000 digits, a lone surrogate escape, nesting 5,000 deep): the client waits for its own
timeout and nothing is logged. Here each line is parsed as the SDK parses it; when that fails,
the line is read again with Python's `json` (whose integers and strings hold what pydantic's
fast parser refuses) and

- a well-formed message goes on to the server after all, so a tool call holding a huge number
  or an unpaired surrogate gets the `isError` result docs/runtime.md promises;
- anything else gets a JSON-RPC error response: -32700 for a line that is not JSON (or nests
  too deeply to read), -32600 for JSON that is no JSON-RPC message or a batch, with the
  request's `id` when it can be found at the top level of the line, else `null`;

and every refused line is logged on stderr. Like the SDK's transport, while serving fd 0 reads
/dev/null and fd 1 writes to stderr, so neither a child process nor a stray print can touch the
wire; both are restored on exit.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
from collections.abc import AsyncIterator
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.shared.message import SessionMessage

log = logging.getLogger("workbench.serve")

MAX_INTEGER_DIGITS = 100_000
"""Digits an integer in a message may have (Python's `int` refuses more than 4,300 when parsing
text; a longer one is built in pieces, and beyond this it is refused: the work grows with the
square of the length)."""

_ID_SCAN = 4096
"""Characters of a refused line searched for its top-level `"id"`."""


class _TooManyDigits(ValueError):
    pass


@contextlib.asynccontextmanager
async def stdio_streams() -> AsyncIterator[tuple[Any, Any]]:
    """(read stream, write stream) for `Server.run`, over this process's stdin and stdout."""
    wire_in = _claim(0, os.open(os.devnull, os.O_RDONLY))
    wire_out = _claim(1, os.dup(2))
    reader = anyio.wrap_file(os.fdopen(wire_in, "rb", buffering=1 << 16))
    writer = anyio.wrap_file(os.fdopen(wire_out, "wb", buffering=1 << 16))
    incoming_send, incoming = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    outgoing, outgoing_receive = anyio.create_memory_object_stream[SessionMessage](0)
    answers = outgoing.clone()

    async def read_lines() -> None:
        async with incoming_send, answers:
            async for raw in reader:
                text = raw.decode("utf-8", "replace")  # as the SDK reads it
                if not text.strip():
                    continue
                message = await _message_of(text)
                if isinstance(message, types.JSONRPCError):
                    await answers.send(SessionMessage(message))
                else:
                    await incoming_send.send(SessionMessage(message))

    async def write_lines() -> None:
        async with outgoing_receive:
            async for item in outgoing_receive:
                data = item.message.model_dump_json(by_alias=True, exclude_unset=True)
                await writer.write(data.encode("utf-8") + b"\n")
                await writer.flush()

    try:
        async with anyio.create_task_group() as group:
            group.start_soon(read_lines)
            group.start_soon(write_lines)
            yield incoming, outgoing
            group.cancel_scope.cancel()
    finally:
        os.dup2(wire_in, 0)
        os.dup2(wire_out, 1)


def _claim(fd: int, replacement: int) -> int:
    """A private copy of `fd` for the wire; `fd` itself then points at `replacement`."""
    private = os.dup(fd)
    os.set_inheritable(private, False)
    os.dup2(replacement, fd)
    os.close(replacement)
    return private


async def _message_of(text: str) -> Any:
    """The message on one line, or the JSON-RPC error that answers it. A big line is parsed in
    a worker thread, so the event loop keeps answering other requests meanwhile."""
    if len(text) > 64 * 1024:
        return await anyio.to_thread.run_sync(_parse, text)
    return _parse(text)


def _parse(text: str) -> Any:
    try:
        return types.jsonrpc_message_adapter.validate_json(text, by_name=False)
    except Exception:  # pydantic refused it: find out why, and whether it is a message after all
        pass
    try:
        data = json.loads(text, parse_int=_integer)
    except _TooManyDigits:
        return _refuse(
            text,
            types.INVALID_REQUEST,
            f"the message holds an integer of more than {MAX_INTEGER_DIGITS:,} digits",
        )
    except RecursionError:
        return _refuse(text, types.PARSE_ERROR, "the message nests too deeply to be read")
    except ValueError as error:
        reason = (
            f"{error.msg} at column {error.colno}"
            if isinstance(error, json.JSONDecodeError)
            else str(error)
        )
        return _refuse(text, types.PARSE_ERROR, f"the line is not valid JSON ({reason})")
    if isinstance(data, list):
        return _refuse(
            text,
            types.INVALID_REQUEST,
            "batches (a JSON array of messages) are not supported; send one message per line",
            known=None,
        )
    if not isinstance(data, dict):
        return _refuse(text, types.INVALID_REQUEST, "a message must be a JSON object", known=None)
    try:
        message = types.jsonrpc_message_adapter.validate_python(data, by_name=False)
    except Exception:
        ident = data.get("id")
        valid_id = (
            ident if isinstance(ident, str) or (type(ident) is int and abs(ident) < 2**53) else None
        )
        return _refuse(
            text,
            types.INVALID_REQUEST,
            "the message is not a JSON-RPC 2.0 request, notification or response",
            known=valid_id,
        )
    log.info(
        "stdio: a message the SDK's parser refuses (a huge number or an unpaired surrogate) was read "
        "with Python's json and goes on to the server"
    )
    return message


def _integer(digits: str) -> int:
    """`int(digits)` without the 4,300-digit limit on parsing text, up to MAX_INTEGER_DIGITS."""
    if len(digits) <= 4300:
        return int(digits)
    if len(digits) > MAX_INTEGER_DIGITS:
        raise _TooManyDigits
    sign, body = (-1, digits[1:]) if digits.startswith("-") else (1, digits)
    value = 0
    for start in range(0, len(body), 4000):
        piece = body[start : start + 4000]
        value = value * 10 ** len(piece) + int(piece)
    return sign * value


_MISSING = object()


def _refuse(text: str, code: int, reason: str, known: Any = _MISSING) -> types.JSONRPCError:
    """The error answering a refused line (its id when found), logged on stderr."""
    ident = _top_level_id(text) if known is _MISSING else known
    log.warning(
        "stdio: refused a line of %d characters (id %s): %s", len(text), json.dumps(ident), reason
    )
    return types.JSONRPCError(
        jsonrpc="2.0",
        id=ident,
        error=types.ErrorData(code=code, message=reason[:1].upper() + reason[1:] + "."),
    )


_ID_VALUE = re.compile(r'\s*:\s*(-?\d{1,15}(?![\d.eE])|"(?:[^"\\]|\\.){0,200}")')


def _top_level_id(text: str) -> int | str | None:
    """The `"id"` of the outermost object in the first _ID_SCAN characters of `text`, when one is
    there (a line nested 5,000 deep usually names its id before its params), else None."""
    depth = 0
    index = 0
    head = text[:_ID_SCAN]
    while index < len(head):
        char = head[index]
        if char == '"':
            end = _string_end(head, index)
            if end < 0:
                return None
            if depth == 1 and head[index : end + 1] == '"id"':
                found = _ID_VALUE.match(head, end + 1)
                if found:
                    try:
                        ident: int | str | None = json.loads(found.group(1))
                        return ident
                    except ValueError:
                        return None
            index = end + 1
            continue
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
        index += 1
    return None


def _string_end(text: str, start: int) -> int:
    """Index of the quote closing the JSON string opening at `start`, or -1."""
    index = start + 1
    while index < len(text):
        if text[index] == "\\":
            index += 2
            continue
        if text[index] == '"':
            return index
        index += 1
    return -1
