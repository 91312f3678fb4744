"""Three small CLIs that do real work on local state, for demos and tests (docs/samples.md).

`deployctl` (click, the bundled default), `notes` (typer) and `pkgtool` (argparse). Each keeps
JSON files in its own folder under `$WORKBENCH_SAMPLE_HOME` (default: the user's data dir).
"""
