"""The code's layout holds what docs/architecture.md says of it: no import
cycle anywhere in lib/primeplay, a shell that knows no game but through
the registry's paths, rules that import no screen, and a layer picture
in the doc that is the code's own (tools/imports.py --write)."""

import os
import re

import imports

LIB = os.path.join(os.path.dirname(__file__), "..", "lib", "primeplay")
GAMES = ("climb", "daifugo", "rings")


def test_there_is_no_import_cycle_in_lib():
    assert imports.cycles(imports.graph()) == []


def test_the_cycle_finder_finds_a_cycle(tmp_path):
    pkg = tmp_path / "primeplay"
    (pkg / "x").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "x" / "__init__.py").write_text("")
    (pkg / "x" / "a.py").write_text("def f():\n    from primeplay.x import b\n")
    (pkg / "x" / "b.py").write_text("from primeplay.x.a import f\n")
    (pkg / "x" / "c.py").write_text("from . import a\n")
    g = imports.graph(str(tmp_path))
    assert g["primeplay.x.c"] == {"primeplay.x.a"}
    assert imports.cycles(g) == [["primeplay.x.a", "primeplay.x.b"]]


def _source_files(folder):
    for d, _dirs, files in os.walk(folder):
        for f in files:
            if f.endswith(".py"):
                yield os.path.join(d, f)


def test_the_shell_names_no_game_but_in_the_registry():
    shell = os.path.join(LIB, "app")
    for path in _source_files(shell):
        name = os.path.basename(path)
        for g in GAMES:
            assert not name.startswith(g), path
        with open(path) as f:
            text = f.read()
        lines = [line for line in text.splitlines()
                 if re.search(r"primeplay\.(climb|daifugo|rings)\b", line)]
        if name == "games.py":
            # The registry's one line per game (and the table's cards,
            # which are Prime Climb's), and nothing else.
            assert [line for line in lines if not line.startswith(
                '    ("') and not line.startswith("CARDS = (")] == [], lines
            assert len(lines) == len(GAMES) + 1
        else:
            assert lines == [], (path, lines)


def test_rules_import_no_screen_and_no_shell():
    g = imports.graph()
    for m, out in g.items():
        parts = m.split(".")
        if len(parts) < 2 or parts[1] not in GAMES or ".ui" in m:
            continue
        for w in out:
            assert ".ui" not in w and not w.startswith("primeplay.app"), \
                (m, w)


def private_uses(folder):
    """Lines that import another module's private name, or reach one by
    attribute (``bot._frame(...)``, ``app._set_aside()``): only ``self``
    and ``cls`` may name an object's own (and a class its base's, called
    on ``self``: ``Menu._note(self)``)."""
    found = []
    for path in _source_files(folder):
        with open(path) as f:
            for n, line in enumerate(f, 1):
                code = line.split("#")[0]
                m = re.match(r"\s*from (primeplay[\w.]*) import (.*)", code)
                if (m and re.search(r"(^|[ ,(])_[a-z]", m.group(2))) or \
                        re.search(r"\b(?!self\b|cls\b)[A-Za-z]\w*\._[a-z]\w*(?!\w)(?!\(self\b)",
                                  code.split('"')[0]):
                    found.append("%s:%d %s" % (path, n, line.strip()))
    return found


def test_no_module_uses_another_modules_private_name():
    assert private_uses(LIB) == []


def test_the_private_name_check_finds_both_kinds(tmp_path):
    (tmp_path / "a.py").write_text(
        "from primeplay.climb.bot import _frame\n"
        "x = bot._frame(1)\n"
        "self._ok = cls._ok = Menu._note(self)  # bot._in_a_comment\n")
    assert [line.split(" ", 1)[1] for line in private_uses(str(tmp_path))] == [
        "from primeplay.climb.bot import _frame", "x = bot._frame(1)"]


def field_writes(folder):
    """Lines of a game's screens that write a field of an object they
    were handed (``play.group = 0``, ``play.cursor.option += 1``): a
    screen's state is written by its own methods, and the modules around
    it call those (issue 20)."""
    found = []
    for path in _source_files(folder):
        if os.sep + "ui" + os.sep not in path:
            continue
        with open(path) as f:
            for n, line in enumerate(f, 1):
                code = line.split("#")[0]
                if re.match(r"\s*(play|screen|cur|self\.play)(\.\w+)+"
                            r"\s*([-+*/|&]?=)(?!=)",
                            code):
                    found.append("%s:%d %s" % (path, n, line.strip()))
    return found


def test_no_screen_module_writes_the_fields_of_a_screen_it_is_handed():
    assert field_writes(LIB) == []


def test_the_field_write_check_finds_them(tmp_path):
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "a.py").write_text(
        "play.group = 0\n"
        "    play.cursor.option += 1\n"
        "cur.page = 2\n"
        "if play.mode == 'move':\n"
        "self.play = play\n"
        "        self.play.viewing = True\n"
        "x = play.rows()\n")
    assert [line.split(" ", 1)[1] for line in field_writes(str(tmp_path))] == [
        "play.group = 0", "play.cursor.option += 1", "cur.page = 2",
        "self.play.viewing = True"]


def test_the_architecture_docs_layer_picture_is_the_codes():
    with open(imports.DOC) as f:
        text = f.read()
    assert imports.doc_block(imports.graph()) in text, \
        "run: python3 tools/imports.py --write"
