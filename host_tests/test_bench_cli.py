"""tools/bench.py's command line: ``--help`` and ``-h`` print the usage
(every subcommand in it) and exit 0 having run nothing; an argument it
does not know prints the usage and exits 2.  (``--help`` once started the
whole benchmark and rewrote BENCH.md.)"""

import os
import subprocess
import sys

import pytest

import bench

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "tools", "bench.py")


def _nothing_runs(monkeypatch, tmp_path):
    """Every piece the benchmark starts with fails the test if run, and
    BENCH.md is a scratch file."""
    def ran(*a, **k):
        raise AssertionError("the benchmark ran")
    for name in ("climb_rows", "board_rows", "bot_fuel", "heap_rows",
                 "decision_rows", "game_figures", "rings_figures",
                 "climb_levels_figures", "switch_rows", "tournament_result",
                 "rings_tournament_result", "daifugo_rows", "rings_rows"):
        monkeypatch.setattr(bench, name, ran)
    monkeypatch.setattr(bench, "RESULTS", str(tmp_path / "BENCH.md"))


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage_and_runs_nothing(flag, monkeypatch, tmp_path,
                                               capsys):
    _nothing_runs(monkeypatch, tmp_path)
    try:
        rc = bench.main([flag])
    except SystemExit as e:
        rc = e.code
    assert rc == 0
    out = capsys.readouterr().out
    for name in bench.COMMANDS:
        assert name in out, name
    assert not (tmp_path / "BENCH.md").exists()


@pytest.mark.parametrize("argv", [["--bogus"], ["nonsense"], ["--no-write",
                                                               "--bogus"]])
def test_an_unknown_argument_prints_the_usage_and_exits_2(argv, monkeypatch,
                                                         tmp_path, capsys):
    _nothing_runs(monkeypatch, tmp_path)
    try:
        rc = bench.main(argv)
    except SystemExit as e:
        rc = e.code
    assert rc == 2
    err = capsys.readouterr().err
    assert "usage" in err.lower() and "tournament" in err
    assert not (tmp_path / "BENCH.md").exists()


def test_every_command_of_the_usage_is_dispatched():
    # The usage lists what main() knows, and the other way round.
    text = bench.usage()
    for name in bench.COMMANDS:
        assert "bench.py %s" % name in text, name


def test_help_from_the_shell():
    before = os.stat(os.path.join(ROOT, "BENCH.md")).st_mtime_ns
    for flag, code in (("--help", 0), ("-h", 0), ("--nonsense", 2)):
        r = subprocess.run([sys.executable, BENCH, flag], capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == code, (flag, r.stdout[-300:], r.stderr[-300:])
        assert "tournament" in (r.stdout if code == 0 else r.stderr)
    assert os.stat(os.path.join(ROOT, "BENCH.md")).st_mtime_ns == before
