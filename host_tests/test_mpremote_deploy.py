"""The pure parts of tools/mpremote_deploy.py: settings.toml merging, the
hash the board computes (run here on CPython and on CircuitPython's own
VM), the write scripts, and the errors a maker sees without a board.  The
whole route on an emulated board: test_pico_mpremote.py."""

import os
import subprocess

import pytest

import cpbuilds
import deploy
import mpremote_deploy as md

EXAMPLE = "# comment\nPRIMEPLAY_BOARD = \"pico_ref\"\n"


def test_settings_made_from_the_example_when_missing_or_empty():
    assert md.merge_settings(None, example=EXAMPLE) == EXAMPLE
    assert md.merge_settings("", example=EXAMPLE) == EXAMPLE
    assert md.merge_settings(None, "pico_pad", EXAMPLE) == \
        "# comment\nPRIMEPLAY_BOARD = \"pico_pad\"\n"


HEAP = [ln for ln in (deploy.FIRMWARE / "settings.toml").read_text().splitlines()
        if ln.startswith("CIRCUITPY_HEAP_START_SIZE")][0]


def test_settings_only_the_board_line_changes():
    text = ('CIRCUITPY_WIFI_SSID = "home"\r\nPRIMEPLAY_BOARD = "pico_ref"\r\n%s\r\nX = 1'
            % HEAP)
    assert md.merge_settings(text) is None  # no --board: untouched
    assert md.merge_settings(text, "pico_ref") is None  # already so
    assert md.merge_settings(text, "pico_pad") == text.replace("pico_ref", "pico_pad")
    # Missing: added at the end, after a line end the last line lacked.
    assert md.merge_settings("X = 1\n" + HEAP, "pico_pad") == \
        'X = 1\n%s\nPRIMEPLAY_BOARD = "pico_pad"\n' % HEAP
    # A second PRIMEPLAY_BOARD would override ours: it goes.
    assert md.merge_settings('PRIMEPLAY_BOARD = "a"\nPRIMEPLAY_BOARD = "b"\n' + HEAP, "c") == \
        'PRIMEPLAY_BOARD = "c"\n' + HEAP


def test_settings_without_the_heap_line_gain_it():
    # CircuitPython's heap in one piece (issue 22): added where missing,
    # a maker's own value kept.
    assert md.merge_settings('X = 1\r\n') == 'X = 1\r\n%s\r\n' % HEAP
    assert md.merge_settings('X = 1', "pico_pad") == \
        'X = 1\nPRIMEPLAY_BOARD = "pico_pad"\n%s\n' % HEAP
    assert md.merge_settings("CIRCUITPY_HEAP_START_SIZE = 120000\n") is None


@pytest.mark.parametrize("algo", ["crc32", "sha256"])
def test_the_board_hash_matches_the_host_hash(tmp_path, algo):
    ns = {}
    exec(md.HASHER[algo], ns)  # the same code the board runs
    for size in (0, 1, 511, 512, 513, 5000):
        path = tmp_path / ("f%d" % size)
        data = os.urandom(size)
        path.write_bytes(data)
        assert ns["_h"](str(path)) == md.local_hash(data, algo)
    assert ns["_h"](str(tmp_path / "missing")) is None
    # One byte changed, same size: another hash.
    assert md.local_hash(b"ab", algo) != md.local_hash(b"ac", algo)


@pytest.mark.skipif(cpbuilds.unix_vm() is None, reason=cpbuilds.missing("circuitpython-cp32"))
def test_the_crc32_hash_runs_on_circuitpython(tmp_path):
    data = os.urandom(1500)
    (tmp_path / "f.bin").write_bytes(data)
    script = md.HASHER["crc32"] + "print(_h(%r))\nprint(_h('nope'))\n" % str(tmp_path / "f.bin")
    proc = subprocess.run([str(cpbuilds.unix_vm()), "-c", script],
                          capture_output=True, text=True, timeout=30)
    assert proc.stdout.split() == [md.local_hash(data, "crc32"), "None"], proc.stderr


def test_write_scripts_write_the_bytes(tmp_path):
    for size in (0, 10, md.WRITE_CHUNK, md.WRITE_CHUNK * md.WRITES_PER_EXEC + 7):
        data = os.urandom(size)
        path = str(tmp_path / ("w%d" % size))
        scripts = md.write_scripts(path, data)
        assert len(scripts) == max(1, -(-size // (md.WRITE_CHUNK * md.WRITES_PER_EXEC)))
        ns = {}
        for script in scripts:  # one namespace: the raw REPL keeps its globals
            exec(script, ns)
        with open(path, "rb") as f:
            assert f.read() == data


def test_folders_parents_first():
    assert md.folders(["/code.py", "/lib/primeplay/app/x.mpy", "/lib/a.mpy", "/boards/b.py"]) == \
        ["/boards", "/lib", "/lib/primeplay", "/lib/primeplay/app"]


def test_board_errors_say_what_the_board_said():
    tb = ('Traceback (most recent call last):\r\n  File "<stdin>", line 3, in <module>\r\n'
          'OSError: [Errno 28] No space left on device\r\n')
    exc = md._say_board_error(md.BoardError("writing /x", tb), "writing /lib/x.mpy")
    assert str(exc) == ("writing /lib/x.mpy: the board said OSError: [Errno 28] No space "
                        "left on device (CIRCUITPY is full: delete files you do not need "
                        "from it)")


def test_old_firmware_without_unsafe_disable_is_told_what_to_do():
    info = {"writable": False, "can_take": False, "version": (10, 2, 1)}
    with pytest.raises(deploy.DeployError, match="CircuitPython 10.2.1 has no storage"
                       r".unsafe_disable_usb_drive\(\).*hold B while resetting"):
        md.take_drive(None, info, print)
    assert md.take_drive(None, {"writable": True}, print) is False


def test_no_board_on_the_port_is_one_clear_line(tmp_path, capsys):
    assert deploy.main(["--mpremote", "--port", str(tmp_path / "ttyNONE")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("deploy: cannot open the serial port %s" % (tmp_path / "ttyNONE"))
    assert "Traceback" not in err
