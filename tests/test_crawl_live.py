"""The crawler against real CLIs installed on this machine (each skipped cleanly when absent).

Every command and flag asserted here was checked by hand against the CLI's own `--help`
(docker 28, kubectl 1.32, git 2.39, cargo 1.95, npm 11, pip 23). Crawls are depth-limited and
done once per module to keep the suite quick.
"""

from __future__ import annotations

import shutil

import pytest

from workbench.loaders.help import crawl
from workbench.loaders.help.detect import detect_style, parser_for
from workbench.loaders.help.fetch import fetch_help
from workbench.model.tree import FlagKind, ValueType

pytestmark = pytest.mark.live


def needs(program: str) -> None:
    if shutil.which(program) is None:
        pytest.skip(f"{program} is not installed here")


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    cache = tmp_path_factory.mktemp("help-cache")
    made = {}

    def tree(program: str, depth: int):
        needs(program)
        if program not in made:
            made[program] = crawl(program, max_depth=depth, timeout_s=20, cache_dir=cache)
        return made[program]

    return tree


def one_help(program: str, *path: str):
    """One command's help read on its own, without crawling the tree."""
    needs(program)
    fetched = fetch_help(program, list(path), [], 20)
    assert fetched.text is not None, fetched.problem
    return parser_for(detect_style(fetched.text))(fetched.text, [program, *path])


def flag(command, key):
    return next(f for f in command.flags if f.key == key)


def test_docker_commands_aliases_and_typed_flags(trees):
    tree = trees("docker", 2)
    names = {c.name for c in tree.root.subcommands}
    assert {"run", "ps", "container", "image", "volume", "network"} <= names
    assert tree.root.runnable is False
    ls = tree.find("docker container ls")
    assert {"list", "ps"} <= set(ls.aliases)
    assert (flag(ls, "all").short, flag(ls, "all").kind) == ("a", FlagKind.BOOLEAN)
    last = flag(ls, "last")
    assert (last.short, last.value_type, last.default) == ("n", ValueType.INTEGER, -1)
    run = tree.find("docker run")
    assert run.positionals[0].name == "IMAGE"
    assert (flag(run, "detach").short, flag(run, "detach").kind) == ("d", FlagKind.BOOLEAN)
    env = flag(run, "env")
    assert (env.short, env.repeatable) == ("e", True)
    assert tree.find("docker container").runnable is False


def test_kubectl_commands_and_flags_with_defaults(trees):
    tree = trees("kubectl", 1)
    names = {c.name for c in tree.root.subcommands}
    assert {"get", "describe", "apply", "delete", "config", "rollout", "completion"} <= names
    get = tree.find("kubectl get")
    all_namespaces = flag(get, "all-namespaces")
    assert (all_namespaces.short, all_namespaces.kind, all_namespaces.default) == (
        "A",
        FlagKind.BOOLEAN,
        False,
    )
    chunk = flag(get, "chunk-size")
    assert (chunk.value_type, chunk.default) == (ValueType.INTEGER, 500)
    assert flag(get, "output").short == "o"
    assert flag(get, "filename").repeatable is True
    assert tree.find("kubectl config").runnable is False


def test_git_common_commands_and_dash_h_options(trees):
    tree = trees("git", 1)
    names = [c.name for c in tree.root.subcommands]
    assert {"clone", "init", "add", "commit", "push", "pull", "status", "log"} <= set(names)
    commit = tree.find("git commit")
    assert (flag(commit, "message").short, flag(commit, "message").kind) == ("m", FlagKind.VALUE)
    assert flag(commit, "amend").kind is FlagKind.BOOLEAN
    assert flag(commit, "all").short == "a"
    assert flag(commit, "file").value_type is ValueType.PATH
    assert commit.short_help == "Record changes to the repository"


def test_cargo_commands_aliases_and_clap_flags(trees):
    tree = trees("cargo", 1)
    build = tree.find("cargo build")
    assert "b" in build.aliases
    assert tree.root.runnable is True  # `cargo [OPTIONS] [COMMAND]`
    assert "..." not in [c.name for c in tree.root.subcommands]
    assert (flag(build, "release").short, flag(build, "release").kind) == ("r", FlagKind.BOOLEAN)
    jobs = flag(build, "jobs")
    assert (jobs.short, jobs.value_type) == ("j", ValueType.INTEGER)
    fmt = flag(build, "message-format")
    assert fmt.value_type is ValueType.CHOICE and {"human", "short", "json"} <= set(fmt.choices)
    assert flag(build, "verbose").kind is FlagKind.COUNT
    assert flag(build, "manifest-path").value_type is ValueType.PATH


def test_npm_lists_all_commands_and_reads_values_from_the_synopsis(trees):
    tree = trees("npm", 0)
    assert {"install", "publish", "run", "test", "view"} <= {c.name for c in tree.root.subcommands}
    install = one_help("npm", "install")
    assert {"add", "i"} <= set(install.aliases)
    save = next(f for f in install.flags if f.key == "save")
    assert (save.short, save.kind) == ("S", FlagKind.BOOLEAN)
    omit = next(f for f in install.flags if f.key == "omit")
    assert (omit.choices, omit.repeatable) == (["dev", "optional", "peer"], True)


def test_pip_commands_and_options(trees):
    tree = trees("pip", 0)
    assert {"install", "uninstall", "list", "show", "freeze"} <= {
        c.name for c in tree.root.subcommands
    }
    install = one_help("pip", "install")
    requirement = next(f for f in install.flags if f.key == "requirement")
    assert (requirement.short, requirement.metavar) == ("r", "file")
    assert requirement.value_type is ValueType.PATH
    assert next(f for f in install.flags if f.key == "no-deps").kind is FlagKind.BOOLEAN
    assert next(f for f in install.flags if f.key == "upgrade").short == "U"
