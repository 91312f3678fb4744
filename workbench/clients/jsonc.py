"""Read and surgically edit JSON-with-comments files (VS Code's `mcp.json`, Zed's `settings.json`).

`parse` reads JSONC (`//` and `/* */` comments, trailing commas) into Python data. `set_member`
puts one value at `top_key.name` by splicing text: every comment, blank line, key order and the
file's indentation stay as they were; only the replaced value (or the inserted member) is new.
Why not a library: `json-five` keeps comments through its node model, but adding a member in the
file's own layout through it takes more code than this; `jsonc-edit` (bindings to Microsoft's
editor) is too new and little used to depend on. This scanner is small, and every result is
re-parsed and checked before anyone writes it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any


class JsoncError(ValueError):
    """The text is not JSON(C); `line` is 1-based."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


@dataclass
class _Member:
    key: str
    key_start: int
    value: _Node


@dataclass
class _Node:
    start: int
    end: int  # exclusive
    members: list[_Member] | None = None  # objects only
    items: list[_Node] = field(default_factory=list)
    trailing_comma: bool = False  # objects: a comma after the last member


_NUMBER = re.compile(r"-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?")
_LITERALS = ("true", "false", "null")


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, message: str, pos: int | None = None) -> JsoncError:
        where = self.pos if pos is None else pos
        return JsoncError(message, self.text.count("\n", 0, where) + 1)

    def skip(self) -> None:
        """Whitespace and comments."""
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char in " \t\r\n\ufeff":
                self.pos += 1
            elif text.startswith("//", self.pos):
                newline = text.find("\n", self.pos)
                self.pos = len(text) if newline < 0 else newline
            elif text.startswith("/*", self.pos):
                close = text.find("*/", self.pos + 2)
                if close < 0:
                    raise self.fail("a /* comment is never closed")
                self.pos = close + 2
            else:
                return

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def value(self, depth: int = 0) -> _Node:
        if depth > 200:
            raise self.fail("nesting is too deep")
        char = self.peek()
        start = self.pos
        if char == "{":
            return self._object(start, depth)
        if char == "[":
            return self._array(start, depth)
        if char == '"':
            self._string()
            return _Node(start, self.pos)
        for literal in _LITERALS:
            if self.text.startswith(literal, start):
                self.pos += len(literal)
                return _Node(start, self.pos)
        match = _NUMBER.match(self.text, start)
        if match and match.end() > start:
            self.pos = match.end()
            return _Node(start, self.pos)
        raise self.fail("expected a value" if char else "the text ends where a value should be")

    def _string(self) -> str:
        start = self.pos
        self.pos += 1
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char == "\\":
                self.pos += 2
            elif char == '"':
                self.pos += 1
                try:
                    return json.loads(text[start : self.pos])
                except json.JSONDecodeError:
                    raise self.fail("a string has an invalid escape", start) from None
            elif char == "\n":
                break
            else:
                self.pos += 1
        raise self.fail("a string is never closed", start)

    def _object(self, start: int, depth: int) -> _Node:
        self.pos += 1
        members: list[_Member] = []
        node = _Node(start, start, members=members)
        while True:
            char = self.peek()
            if char == "}":
                self.pos += 1
                node.end = self.pos
                return node
            if char != '"':
                raise self.fail('expected a "key" or }')
            key_start = self.pos
            key = self._string()
            if self.peek() != ":":
                raise self.fail("expected : after a key")
            self.pos += 1
            members.append(_Member(key, key_start, self.value(depth + 1)))
            node.trailing_comma = False
            char = self.peek()
            if char == ",":
                self.pos += 1
                node.trailing_comma = True
            elif char != "}":
                raise self.fail("expected , or } after a value")

    def _array(self, start: int, depth: int) -> _Node:
        self.pos += 1
        node = _Node(start, start)
        while True:
            char = self.peek()
            if char == "]":
                self.pos += 1
                node.end = self.pos
                return node
            node.items.append(self.value(depth + 1))
            char = self.peek()
            if char == ",":
                self.pos += 1
            elif char != "]":
                raise self.fail("expected , or ] after a value")


def _document(text: str) -> _Node:
    scanner = _Scanner(text)
    if not scanner.peek():
        return _Node(0, 0, members=[])
    root = scanner.value()
    if scanner.peek():
        raise scanner.fail("there is text after the end of the document")
    return root


def _to_data(text: str, node: _Node) -> Any:
    if node.members is not None:
        return {m.key: _to_data(text, m.value) for m in node.members}
    if text[node.start] == "[":
        return [_to_data(text, item) for item in node.items]
    return json.loads(text[node.start : node.end])


def parse(text: str) -> Any:
    """The data of a JSONC text (an empty text is an empty object); JsoncError when malformed."""
    root = _document(text)
    if root.start == root.end:
        return {}
    return _to_data(text, root)


def has_comments(text: str) -> bool:
    """Whether the text carries `//` or `/* */` comments outside strings (a strict JSON host
    would refuse it, and a rewrite through `json` would lose them)."""
    position = 0
    in_string = False
    while position < len(text):
        char = text[position]
        if in_string:
            if char == "\\":
                position += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif text.startswith(("//", "/*"), position):
            return True
        position += 1
    return False


def _comma_after(text: str, pos: int) -> int:
    """Where the comma after a value ending at `pos` is (comments may stand between)."""
    scanner = _Scanner(text)
    scanner.pos = pos
    scanner.skip()
    return scanner.pos


def _line_indent(text: str, pos: int) -> str:
    line_start = text.rfind("\n", 0, pos) + 1
    prefix = text[line_start:pos]
    return prefix[: len(prefix) - len(prefix.lstrip(" \t"))]


def _indent_unit(text: str) -> str:
    """The file's indentation step (the smallest leading run of spaces, or a tab), default 2."""
    widths = [len(m.group(1)) for m in re.finditer(r"\n( +)\S", text)]
    if "\n\t" in text and not widths:
        return "\t"
    return " " * min(widths) if widths else "  "


def _dump(value: Any, indent: str, unit: str) -> str:
    """`value` as JSON whose continuation lines start at `indent`."""
    text = json.dumps(value, indent=unit, ensure_ascii=False)
    return text.replace("\n", "\n" + indent)


def _insert_member(text: str, obj: _Node, key: str, value: Any, unit: str) -> str:
    """`text` with `"key": value` added as the last member of object `obj`."""
    close = obj.end - 1
    outer = _line_indent(text, obj.start)
    indent: str | None
    if obj.members:
        indent = _line_indent(text, obj.members[0].key_start)
        if not indent and "\n" not in text[obj.start : obj.members[0].key_start]:
            indent = None  # a one-line object: stay on one line
    else:
        indent = outer + unit
    if indent is None:
        assert obj.members  # only a non-empty one-line object gets no indent
        member = f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
        last = obj.members[-1].value.end
        comma_and_member = (" " if obj.trailing_comma else ", ") + member
        if obj.trailing_comma:
            comma = _comma_after(text, last)
            return text[: comma + 1] + comma_and_member + text[comma + 1 :]
        return text[:last] + comma_and_member + text[last:]
    member = f"\n{indent}{json.dumps(key)}: {_dump(value, indent, unit)}"
    if not obj.members:
        interior = text[obj.start + 1 : close]
        if interior.strip() == "":
            return text[: obj.start + 1] + member + "\n" + outer + text[close:]
        return text[: obj.start + 1] + member + text[obj.start + 1 :]
    last = obj.members[-1].value.end
    if obj.trailing_comma:
        after = _comma_after(text, last) + 1
        head, insert_at = text[:after], after
    else:
        head, insert_at = text[:last] + ",", last
    # Keep a comment that ends the last member's line on that line.
    rest_of_line_end = text.find("\n", insert_at)
    rest_of_line_end = len(text) if rest_of_line_end < 0 else rest_of_line_end
    rest = text[insert_at:rest_of_line_end]
    if (rest.strip() == "" or rest.strip().startswith("//")) and rest_of_line_end < close:
        return head + text[insert_at:rest_of_line_end] + member + text[rest_of_line_end:]
    return head + member + text[insert_at:]


def set_member(text: str, top_key: str, name: str, value: Any) -> str:
    """`text` with `top_key.name` set to `value`, editing only that span (comments kept)."""
    unit = _indent_unit(text)
    root = _document(text)
    if root.start == root.end:
        return json.dumps({top_key: {name: value}}, indent=2, ensure_ascii=False) + "\n"
    if root.members is None:
        raise JsoncError("the file does not hold a JSON object", 1)
    section = next((m for m in root.members if m.key == top_key), None)
    if section is None:
        result = _insert_member(text, root, top_key, {name: value}, unit)
    elif section.value.members is None:
        raise JsoncError(
            f'"{top_key}" is not an object', text.count("\n", 0, section.key_start) + 1
        )
    else:
        entry = next((m for m in section.value.members if m.key == name), None)
        if entry is None:
            result = _insert_member(text, section.value, name, value, unit)
        else:
            indent = _line_indent(text, entry.key_start)
            replacement = _dump(value, indent, unit)
            result = text[: entry.value.start] + replacement + text[entry.value.end :]
    check = parse(result)
    if check.get(top_key, {}).get(name) != value:  # a scanner bug must never reach the disk
        raise JsoncError("the edit could not be made safely", 1)
    return result
