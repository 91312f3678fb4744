"""notes: a typer sample CLI that keeps notes in a local JSON file.

Exercises what the typer loader (through typer's click object) must read: an Enum choice,
a list option, int options, a bool flag pair, a variadic argument and a `tag` sub-app.
State: `notes.json` ({"next_id": int, "notes": {id: note}}) in `$WORKBENCH_SAMPLE_HOME/notes`.
Run it as `python -m sample_clis.notes`.
"""

from __future__ import annotations

import json
from enum import Enum

import typer

from sample_clis._state import read_json, state_dir, write_json

__version__ = "0.3.0"


class Kind(str, Enum):
    note = "note"
    todo = "todo"
    idea = "idea"


app = typer.Typer(
    name="notes",
    help="Keep short notes, tag them and find them again.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
tag_app = typer.Typer(help="Add, remove and list the tags of notes.", no_args_is_help=True)
app.add_typer(tag_app, name="tag")


def _load() -> dict:
    return read_json(state_dir("notes") / "notes.json", {"next_id": 1, "notes": {}})


def _save(data: dict) -> None:
    write_json(state_dir("notes") / "notes.json", data)


def _get(data: dict, note_id: int) -> dict:
    note = data["notes"].get(str(note_id))
    if note is None:
        typer.echo(f"Error: no note {note_id}", err=True)
        raise typer.Exit(1)
    return note


def _line(note: dict) -> str:
    tags = f" [{', '.join(note['tags'])}]" if note["tags"] else ""
    pin = "*" if note["pinned"] else " "
    return f"{note['id']:>3}{pin} {note['kind']:<4} p{note['priority']} {note['title']}{tags}"


@app.command()
def add(
    title: str = typer.Argument(..., help="One-line title of the note."),
    body: str | None = typer.Argument(None, help="Longer text."),
    tag: list[str] = typer.Option([], "--tag", "-t", help="Tag to attach; repeatable."),
    kind: Kind = typer.Option(Kind.note, help="What sort of note this is."),
    priority: int = typer.Option(2, "--priority", "-p", help="0 is most urgent."),
    pinned: bool = typer.Option(False, "--pinned/--no-pinned", help="Keep it at the top of lists."),
) -> None:
    """Add a note and print its id."""
    data = _load()
    note_id = data["next_id"]
    data["next_id"] = note_id + 1
    data["notes"][str(note_id)] = {
        "id": note_id,
        "title": title,
        "body": body or "",
        "tags": sorted(set(tag)),
        "kind": kind.value,
        "priority": priority,
        "pinned": pinned,
    }
    _save(data)
    typer.echo(f"added note {note_id}")


@app.command("list")
def list_notes(
    tag: str | None = typer.Option(None, "--tag", "-t", help="Only notes with this tag."),
    kind: Kind | None = typer.Option(None, help="Only notes of this kind."),
    limit: int = typer.Option(20, "--limit", "-n", help="Show at most this many."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List notes, pinned first, then by priority and id."""
    notes = list(_load()["notes"].values())
    if tag:
        notes = [n for n in notes if tag in n["tags"]]
    if kind:
        notes = [n for n in notes if n["kind"] == kind.value]
    notes.sort(key=lambda n: (not n["pinned"], n["priority"], n["id"]))
    notes = notes[:limit]
    if as_json:
        typer.echo(json.dumps(notes, sort_keys=True))
    else:
        typer.echo("\n".join(_line(n) for n in notes) or "no notes")


@app.command()
def show(
    note_id: int = typer.Argument(..., metavar="ID", help="The note's id."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Show one note in full."""
    note = _get(_load(), note_id)
    if as_json:
        typer.echo(json.dumps(note, sort_keys=True))
    else:
        typer.echo(_line(note))
        if note["body"]:
            typer.echo(note["body"])


@app.command()
def delete(
    note_id: int = typer.Argument(..., metavar="ID", help="The note's id."),
    force: bool = typer.Option(False, "--force", "-f", help="Delete even when pinned."),
) -> None:
    """Delete a note."""
    data = _load()
    note = _get(data, note_id)
    if note["pinned"] and not force:
        typer.echo(f"Error: note {note_id} is pinned; pass --force", err=True)
        raise typer.Exit(1)
    del data["notes"][str(note_id)]
    _save(data)
    typer.echo(f"deleted note {note_id}")


@app.command()
def search(
    words: list[str] = typer.Argument(..., help="Words that must all appear (case-insensitive)."),
    limit: int = typer.Option(10, "--limit", "-n", help="Show at most this many."),
) -> None:
    """Find notes whose title or body contains every word."""
    wanted = [w.lower() for w in words]
    hits = [
        n
        for n in _load()["notes"].values()
        if all(w in f"{n['title']} {n['body']}".lower() for w in wanted)
    ]
    typer.echo("\n".join(_line(n) for n in hits[:limit]) or "no match")


@tag_app.command("add")
def tag_add(
    note_id: int = typer.Argument(..., metavar="ID", help="The note's id."),
    tags: list[str] = typer.Argument(..., help="Tags to add."),
) -> None:
    """Add tags to a note."""
    data = _load()
    note = _get(data, note_id)
    note["tags"] = sorted(set(note["tags"]) | set(tags))
    _save(data)
    typer.echo(f"note {note_id} tags: {', '.join(note['tags'])}")


@tag_app.command("remove")
def tag_remove(
    note_id: int = typer.Argument(..., metavar="ID", help="The note's id."),
    tag: str = typer.Argument(..., help="Tag to remove."),
) -> None:
    """Remove one tag from a note."""
    data = _load()
    note = _get(data, note_id)
    if tag not in note["tags"]:
        typer.echo(f"Error: note {note_id} has no tag {tag}", err=True)
        raise typer.Exit(1)
    note["tags"].remove(tag)
    _save(data)
    typer.echo(f"note {note_id} tags: {', '.join(note['tags']) or '(none)'}")


@tag_app.command("list")
def tag_list() -> None:
    """List every tag with how many notes carry it."""
    counts: dict[str, int] = {}
    for note in _load()["notes"].values():
        for tag in note["tags"]:
            counts[tag] = counts.get(tag, 0) + 1
    typer.echo("\n".join(f"{t}\t{c}" for t, c in sorted(counts.items())) or "no tags")


if __name__ == "__main__":
    app()
