"""tools/bench.py's command line: ``--help`` and ``-h`` print the usage
(every subcommand in it) and exit 0 having run nothing; an argument it
does not know prints the usage and exits 2.  (``--help`` once started the
whole benchmark and rewrote BENCH.md.)"""

import os
import subprocess
import sys

import pytest

import bench
from benchmarks import report

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
                 "rings_tournament_result", "daifugo_rows", "rings_rows",
                 "press_rows"):
        monkeypatch.setattr(bench, name, ran)
    monkeypatch.setattr(report, "RESULTS", str(tmp_path / "BENCH.md"))


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


def _scratch(monkeypatch, tmp_path):
    """A copy of BENCH.md as the bench's results file; its lines."""
    path = tmp_path / "BENCH.md"
    with open(os.path.join(ROOT, "BENCH.md")) as f:
        text = f.read()
    path.write_text(text)
    monkeypatch.setattr(report, "RESULTS", str(path))
    return path, text.split("\n")


@pytest.mark.parametrize("argv, prefix", [
    (["--games", "4"],
     "Strong against normal (`tools/bench.py tournament --games"),
    (["--players", "3", "--advanced", "--games", "3"],
     "Strong against two normals (`tools/bench.py tournament --players 3 "
     "--advanced --games"),
    (["--game", "rings", "--levels", "top,strong", "--games", "2"],
     "Take-the-top against strong (`tools/bench.py tournament"),
])
def test_tournament_write_replaces_its_own_sentence(argv, prefix,
                                                    monkeypatch, tmp_path):
    path, before = _scratch(monkeypatch, tmp_path)
    assert bench.tournament(argv + ["--write"]) == 0
    after = path.read_text().split("\n")
    changed = [i for i in range(len(after)) if after[i] != before[i]]
    assert len(after) == len(before) and len(changed) == 1, changed
    line = after[changed[0]]
    assert line.startswith(prefix) and " %s " % argv[-1] in line


def test_write_section_replaces_one_section_or_adds_it(monkeypatch,
                                                       tmp_path):
    path, before = _scratch(monkeypatch, tmp_path)
    bench.write_section(bench.RINGS_TITLE, "\n" + bench.RINGS_TITLE +
                        "\n\nnew text\n")
    after = path.read_text().split("\n")
    at = after.index(bench.RINGS_TITLE)
    assert after[at + 1:at + 5] == ["", "new text", "", after[at + 4]]
    assert after[at + 4].startswith("## ")
    assert after[:at] == before[:before.index(bench.RINGS_TITLE)]
    bench.write_section("## Something new", "## Something new\n\nmore")
    assert path.read_text().endswith("\n## Something new\n\nmore\n")


def test_a_section_command_writes_bench_md_only_when_asked(monkeypatch,
                                                          tmp_path, capsys):
    from benchmarks import memory, report
    path, before = _scratch(monkeypatch, tmp_path)
    monkeypatch.setattr(memory, "heap_rows", lambda: None)
    monkeypatch.setattr(memory, "render_heap",
                        lambda h: ["", memory.HEAP_TITLE, "", "measured"])
    assert bench.COMMANDS["heap"]([]) == 0
    assert "measured" in capsys.readouterr().out
    assert path.read_text().split("\n") == before
    assert bench.COMMANDS["heap"](["--write"]) == 0
    after = path.read_text().split("\n")
    at = after.index(memory.HEAP_TITLE)
    assert after[at + 1:at + 3] == ["", "measured"]
    assert report.section_cmd is bench.section_cmd


def test_the_whole_bench_keeps_the_section_the_soak_wrote(tmp_path, monkeypatch):
    path = tmp_path / "BENCH.md"
    path.write_text("# Benchmarks\n\n## Old\n\nold\n\n## Fuzzing\n\n"
                    "soak: 200,000 events\n")
    monkeypatch.setattr(report, "RESULTS", str(path))
    text = bench.kept_sections("# Benchmarks\n\n## New\n\nnew\n")
    assert text == ("# Benchmarks\n\n## New\n\nnew\n\n## Fuzzing\n\n"
                    "soak: 200,000 events\n")


def _quick_bench(monkeypatch, tmp_path):
    """The whole bench's steps made instant: each section one line."""
    monkeypatch.setattr(report, "RESULTS", str(tmp_path / "BENCH.md"))
    for name in ("climb_rows", "board_rows", "bot_fuel", "import_rows",
                 "game_rows", "i2c_rows", "decision_rows", "switch_rows",
                 "evening_peaks", "press_rows"):
        monkeypatch.setattr(bench, name, lambda *a, **k: [])
    monkeypatch.setattr(bench, "heap_rows", lambda: {"share": None})
    monkeypatch.setattr(bench, "worst_decisions", lambda rows: [])
    monkeypatch.setattr(bench, "render", lambda *a: "# Bench\n\n")
    for name in ("render_decisions", "game_figures", "rings_figures",
                 "climb_levels_figures", "render_heap", "render_switch",
                 "render_presses"):
        monkeypatch.setattr(bench, name,
                            lambda *a, name=name, **k: ["figure " + name])


def test_the_whole_bench_writes_bench_md_only_when_asked(monkeypatch,
                                                        tmp_path, capsys):
    _quick_bench(monkeypatch, tmp_path)
    assert bench.main([]) == 0
    assert "figure render_heap" in capsys.readouterr().out
    assert not (tmp_path / "BENCH.md").exists()
    assert bench.main(["--write"]) == 0
    assert "figure render_heap" in (tmp_path / "BENCH.md").read_text()


def test_press_figures_are_the_median_the_nearest_rank_p95_and_the_worst():
    from benchmarks import presses
    answers = [(i + 1, "A", float(ms)) for i, ms in enumerate(range(10, 210, 10))]
    answers.append((21, "B", None))     # never answered: named, not ranked
    median, p95, worst, missing = presses.stats(answers)
    assert median == 105.0              # 20 presses: between the 10th and 11th
    assert p95 == 190.0                 # the 19th of 20
    assert worst == (200.0, 20, "A") and missing == [(21, "B", None)]
    row = ("s", 21, median, p95, worst, missing, 0, [(3, 4.5), (9, 6.0)])
    text = "\n".join(presses.render_presses([row]))
    assert "| s | 21 | 105 | 190 | 200 (20, A) | NOT met |" in text
    assert "| s | 3 | 4.5% | met |" in text and "| s | 9 | 6.0% | NOT met |" in text
