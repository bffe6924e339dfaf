"""Copy the firmware to a CircuitPython board through its REPL, with mpremote.

    python tools/deploy.py --mpremote [--port /dev/ttyACM0] [--board NAME]

The serial route of tools/deploy.py, for boards whose CIRCUITPY drive the
computer cannot mount (or a maker who would rather not).  mpremote is the
transport (its SerialTransport: the raw REPL and raw-paste mode); what it
runs on the board is ours, because its ``fs cp`` does not work on
CircuitPython (see ``Board``).  One run:

1. connects, stops code.py (Ctrl-C; its ``finally`` releases the
   hardware) and enters the raw REPL;
2. asks the board what it is (``probe``): CircuitPython's version, whether
   CIRCUITPY is writable to code, whether ``storage`` has
   ``unsafe_disable_usb_drive`` (CircuitPython 10.3 and later) and which
   hash it can compute;
3. when CIRCUITPY is read-only to code, calls
   ``storage.unsafe_disable_usb_drive()`` (the drive leaves the computer;
   the board may write it) or, on older firmware, says what to do;
4. hashes every file of the plan on the board (``hashlib`` sha256 where
   the board has it, else CRC-32 and size with ``binascii.crc32``) and
   copies only those that differ or are missing, folders made as needed,
   the other form of each module (.py / .mpy) removed first;
5. creates settings.toml from firmware/settings.toml when the board has
   none, and otherwise changes only its PRIMEPLAY_BOARD line, and only
   with ``--board``;
6. restarts the board: a hard reset when it took the drive (nothing else
   gives the drive back to the computer and runs boot.py), else a soft
   reload.

Every mpremote call is bounded: a serial read waits at most ``timeout``
seconds for the next byte (mpremote itself would wait forever on a
pseudo-terminal).
"""

import ast
import binascii
import hashlib
import os
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

import deploy  # noqa: E402

DeployError = deploy.DeployError
SETTINGS = deploy.SETTINGS
# Adafruit's USB vendor id: every CircuitPython board's serial port has it.
CIRCUITPYTHON_VID = 0x239A
# Bytes of a file per exec while writing: four base64 lines of 4 KB
# compile in well under 20 KB of the board's heap.
WRITE_CHUNK = 3072
WRITES_PER_EXEC = 4
HASH_CHUNK = 512

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"


def find_port():
    """The serial port of the one CircuitPython board plugged in."""
    from serial.tools import list_ports  # pylint: disable=import-outside-toplevel
    ports = list(list_ports.comports())
    ours = [p.device for p in ports if p.vid == CIRCUITPYTHON_VID]
    if len(ours) == 1:
        return ours[0]
    if len(ours) > 1:
        raise DeployError("several CircuitPython boards (%s): pick one with --port"
                          % ", ".join(ours))
    usb = [p.device for p in ports if p.vid is not None]
    if len(usb) == 1:
        return usb[0]
    raise DeployError("no CircuitPython board found on a serial port%s: plug it in, "
                      "or name its port with --port"
                      % (" (USB serial ports: %s)" % ", ".join(usb) if usb else ""))


def last_error(text):
    """The last line of a traceback: what the board says went wrong."""
    lines = [line.strip() for line in text.replace("\r", "").split("\n") if line.strip()]
    return lines[-1] if lines else "(no message)"


class Board:
    """A CircuitPython board's raw REPL over mpremote's SerialTransport.

    ``Board(port, timeout)``: connects, stops the running program and enters
    the raw REPL; ``run(code)`` runs code there and returns what it printed;
    ``close()`` leaves the REPL.  Errors are DeployErrors that say what the
    board said."""

    def __init__(self, port=None, timeout=20):
        try:
            from mpremote.transport_serial import SerialTransport  # pylint: disable=import-outside-toplevel
        except ImportError:
            raise DeployError("mpremote is not installed: pip install -r requirements-dev.txt")
        self.port = port or find_port()
        self.timeout = timeout
        try:
            # A read timeout: without one, a read waits for ever for a
            # board that stopped answering.
            self.transport = SerialTransport(self.port, baudrate=115200, timeout=timeout)
        except Exception as exc:  # mpremote raises TransportError, pyserial OSError
            raise DeployError("cannot open the serial port %s: %s" % (self.port, exc))
        # mpremote reads a pseudo-terminal (an emulated board) one blocking
        # read(1) at a time instead of polling in_waiting, so its
        # inter-byte timeouts never fire there and a silent board hangs it
        # (transport_serial.read_until, mpremote 1.29).  Polling works on
        # Linux pseudo-terminals too.
        self.transport.is_pty = False
        self._enter_raw_repl()

    def _read_until(self, ending, timeout):
        return self.transport.read_until(1, ending, timeout=timeout, timeout_overall=timeout)

    def _enter_raw_repl(self):
        # Not mpremote's enter_raw_repl: it sends "\r\x01" right after
        # Ctrl-C, but CircuitPython, after stopping code.py, waits at
        # "Press any key to enter the REPL" and a program's finally may
        # still be running; the Ctrl-A then lands before the REPL and is
        # lost ("could not enter raw repl").  So: Ctrl-C until the program
        # is stopped, a key for that prompt, and Ctrl-A at the ">>> ".
        serial = self.transport.serial
        end = time.monotonic() + self.timeout
        seen = b""
        while time.monotonic() < end:
            serial.write(b"\x03")
            seen += self._read_until(b">>> ", 1.0)
            if b"Press any key" in seen[-200:] and not seen.endswith(b">>> "):
                serial.write(b"\r")
                seen += self._read_until(b">>> ", 2.0)
            if seen.endswith(b">>> "):
                break
        else:
            raise DeployError("the board on %s does not answer at its REPL (it said: %r); "
                              "is it running CircuitPython, and is no other program "
                              "(a serial monitor, an editor) using the port?"
                              % (self.port, seen[-200:]))
        serial.write(b"\x01")
        # Up to the banner only: mpremote's exec reads the ">" after it.
        got = self._read_until(RAW_BANNER, self.timeout)
        if not got.endswith(RAW_BANNER):
            raise DeployError("the board on %s did not enter the raw REPL (it said: %r)"
                              % (self.port, got[-200:]))
        self.transport.in_raw_repl = True

    def run(self, code, what="the board"):
        """Run ``code`` in the raw REPL; what it printed (bytes).  A
        traceback becomes a DeployError naming ``what`` and the board's
        own last line of it."""
        from mpremote.transport import TransportError  # pylint: disable=import-outside-toplevel
        try:
            self.transport.exec_raw_no_follow(code)
            out, err = self.transport.follow(self.timeout)
        except (TransportError, OSError, ValueError) as exc:
            raise DeployError("lost the board on %s while working on %s: %s"
                              % (self.port, what, exc or type(exc).__name__))
        if err:
            raise BoardError(what, err.decode("utf-8", "replace"))
        return out

    def eval(self, code, what="the board"):
        """``code`` run on the board, its printed repr read back."""
        out = self.run(code, what).decode("utf-8", "replace").strip()
        try:
            return ast.literal_eval(out)
        except (ValueError, SyntaxError):
            raise DeployError("%s: unexpected answer from the board: %r" % (what, out[-200:]))

    def send_raw(self, data):
        self.transport.serial.write(data)

    def close(self, leave_repl=True):
        try:
            if leave_repl:
                self.transport.serial.write(b"\r\x02")  # Ctrl-B: the friendly REPL
            self.transport.serial.flush()
            self.transport.close()
        except Exception:  # the port may be gone already (a reset)
            pass


class BoardError(DeployError):
    """Code run on the board raised: ``what`` it was doing and the board's
    own words."""

    def __init__(self, what, traceback):
        self.what = what
        self.traceback = traceback
        self.line = last_error(traceback)
        super().__init__("%s: the board said %s" % (what, self.line))


def board_version(port=None, timeout=20):
    """CircuitPython's version on the board at ``port`` (default: the one
    plugged in) as (major, minor, micro).  Stops the running program."""
    board = Board(port, timeout)
    try:
        name, version = board.eval(
            "import sys\nprint(repr((sys.implementation.name, tuple(sys.implementation.version))))",
            "reading the firmware version")
    finally:
        board.close()
    if name != "circuitpython":
        raise DeployError("the board on %s runs %s, not CircuitPython" % (board.port, name))
    return tuple(int(v) for v in version[:3])


# ------------------------------------------------------------------ on the board

# What the board can do, in one exec.  CIRCUITPY is writable to code when
# its mount is not read-only: after boot.py remounted it (B held), or
# after unsafe_disable_usb_drive().
PROBE = """\
import os, storage, sys
try:
    import hashlib
    hashlib.new('sha256')
    _a = 'sha256'
except Exception:
    _a = 'crc32'
print(repr({'name': sys.implementation.name,
            'version': tuple(sys.implementation.version)[:3],
            'writable': not storage.getmount('/').readonly,
            'can_take': hasattr(storage, 'unsafe_disable_usb_drive'),
            'hash': _a}))
"""

# A file's hash computed on the board, 512 bytes at a time so that a large
# file costs no heap.  mpremote's own ``fs cp`` asks for hashlib.sha256(),
# which CircuitPython's hashlib does not have (it has new()), and falls
# back to reading the whole file back over the REPL 256 bytes at a time.
HASHER = {
    "sha256": """\
import os, hashlib, binascii
def _h(p, b=bytearray(%d)):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    h = hashlib.new('sha256')
    m = memoryview(b)
    with f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            h.update(m[:n])
    return 'sha256:' + binascii.hexlify(h.digest()).decode()
""" % HASH_CHUNK,
    # This firmware (and any built without hashlib) has binascii.crc32:
    # CRC-32 and the size together tell a changed file from the same one.
    "crc32": """\
import os, binascii
def _h(p, b=bytearray(%d)):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    c = 0
    s = 0
    m = memoryview(b)
    with f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            c = binascii.crc32(m[:n], c)
            s += n
    return 'crc32:%%d:%%d' %% (s, c)
""" % HASH_CHUNK,
}


def local_hash(data, algo):
    """What HASHER[algo]'s _h returns on the board for a file of ``data``."""
    if algo == "sha256":
        return "sha256:" + hashlib.sha256(data).hexdigest()
    if algo == "crc32":
        return "crc32:%d:%d" % (len(data), zlib.crc32(data))
    raise ValueError("no hash %r" % algo)


def folders(paths):
    """Every folder the board paths need, parents first ("/lib" before
    "/lib/primeplay")."""
    out = set()
    for path in paths:
        parts = path.strip("/").split("/")[:-1]
        for i in range(1, len(parts) + 1):
            out.add("/" + "/".join(parts[:i]))
    return sorted(out, key=lambda d: (d.count("/"), d))


def write_scripts(path, data, chunk=WRITE_CHUNK, per_exec=WRITES_PER_EXEC):
    """The execs that write ``data`` to ``path`` on the board: open, base64
    chunks (a few per exec: each exec is a round trip), close."""
    pieces = [data[i:i + chunk] for i in range(0, len(data), chunk)] or [b""]
    lines = ["w(a(%r))" % binascii.b2a_base64(p, newline=False).decode("ascii")
             for p in pieces if p]
    groups = [lines[i:i + per_exec] for i in range(0, len(lines), per_exec)] or [[]]
    scripts = ["\n".join(g) for g in groups]
    scripts[0] = ("import binascii\na = binascii.a2b_base64\nf = open(%r, 'wb')\nw = f.write\n"
                  % path) + scripts[0]
    scripts[-1] += "\nf.close()\ndel f, w"
    return [s.strip("\n") for s in scripts]


def merge_settings(text, board=None, example=None):
    """The board's settings.toml after deploying: ``example`` (the
    firmware's settings.toml, with PRIMEPLAY_BOARD = ``board`` if given)
    when the board has none (``text`` None); else ``text`` with its
    PRIMEPLAY_BOARD line changed when ``board`` is given (the line is
    added when missing), and CircuitPython's settings the firmware wants
    added where it lacks them (deploy.add_own_settings).  Every other
    line stays as it was, line endings included.  None when nothing is
    to be written.  An empty file counts as none: CircuitPython 10 makes
    one at its first boot."""
    if text is None or not text.strip():
        if example is None:
            example = (deploy.FIRMWARE / SETTINGS).read_text()
        return example if board is None else _set_board(example, board)
    out = text if board is None else _set_board(text, board)
    out = deploy.add_own_settings(out)
    return None if out == text else out


def _set_board(text, board):
    line = 'PRIMEPLAY_BOARD = "%s"' % board
    lines = text.splitlines(True)
    out, done = [], False
    for old in lines:
        key = old.split("=", 1)[0].strip() if "=" in old else None
        if key == "PRIMEPLAY_BOARD":
            if done:
                continue  # a second one would override ours (TOML: an error)
            ending = old[len(old.rstrip("\r\n")):]
            out.append(line + ending)
            done = True
        else:
            out.append(old)
    if not done:
        if out and not out[-1].endswith(("\n", "\r")):
            out[-1] += "\n"
        out.append(line + "\n")
    return "".join(out)


# ------------------------------------------------------------------ the deploy

def _say_board_error(exc, path):
    """A BoardError as the maker should read it: the file, the board's own
    words, and what they mean."""
    line = exc.line
    hint = ""
    if "Errno 30" in line:
        hint = (" (CIRCUITPY is read-only to code: the board gave the drive back to the "
                "computer, or boot.py did not make it writable)")
    elif "Errno 28" in line:
        hint = " (CIRCUITPY is full: delete files you do not need from it)"
    elif "MemoryError" in line:
        hint = " (the board ran out of heap: reset it and run this again)"
    return DeployError("%s: the board said %s%s" % (path, line, hint))


def take_drive(board, info, log):
    """Make CIRCUITPY writable to code; whether the drive was taken from
    the computer (then the board must be reset at the end)."""
    if info["writable"]:
        return False
    version = ".".join(str(v) for v in info["version"])
    if not info["can_take"]:
        raise DeployError(
            "CIRCUITPY is read-only to code on this board, and CircuitPython %s has no "
            "storage.unsafe_disable_usb_drive() (it came with 10.3) to take it over the "
            "REPL.  Either copy to the USB drive instead (make flash, without --mpremote), "
            "or update CircuitPython to 10.3 or later, or, once primeplay's boot.py is on "
            "the board, hold B while resetting it and run this again (boot.py then makes "
            "CIRCUITPY writable to code)." % version)
    if hasattr(os, "sync"):
        os.sync()  # what this computer still holds for CIRCUITPY goes first
    log("taking CIRCUITPY from the computer (storage.unsafe_disable_usb_drive(); "
        "it comes back when the board resets at the end)")
    board.run("import storage\nstorage.unsafe_disable_usb_drive()\n"
              "print(storage.getmount('/').readonly)", "taking CIRCUITPY over")
    if board.eval("import storage\nprint(storage.getmount('/').readonly)",
                  "checking CIRCUITPY") is not False:
        raise DeployError("storage.unsafe_disable_usb_drive() did not make CIRCUITPY "
                          "writable to code on this board; copy to the USB drive instead")
    return True


def copy_to_board(pairs, port=None, board_name=None, log=print, timeout=20):
    """Copy ``pairs`` ((source Path, board path) in copy order, as
    deploy.plan gives them) to the board on ``port``, then settings.toml
    (see merge_settings), then restart the board.  Returns a summary
    dict: copied, removed (board paths), unchanged (count), took_drive,
    settings ("wrote", "set" or None), hash (the board's hash)."""
    board = Board(port, timeout)
    reset = False
    try:
        info = board.eval(PROBE, "asking the board what it is")
        if info["name"] != "circuitpython":
            raise DeployError("the board on %s runs %s, not CircuitPython"
                              % (board.port, info["name"]))
        log("CircuitPython %s on %s; files compared by %s"
            % (".".join(str(v) for v in info["version"]), board.port,
               "sha256" if info["hash"] == "sha256" else "CRC-32 and size"))
        reset = take_drive(board, info, log)
        summary = _copy(board, pairs, info["hash"], board_name, log)
        summary["took_drive"] = reset
    except BaseException:
        if reset:
            _reset(board)  # the drive goes back to the computer
        else:
            board.close()
        raise
    if reset:
        _reset(board)
        log("reset the board: CIRCUITPY is the computer's again and primeplay starts")
    else:
        _reload(board)
        log("reloaded the board: primeplay starts (reset it without B held to get the "
            "USB drive back)")
    return summary


def _copy(board, pairs, algo, board_name, log):
    board.run(HASHER[algo], "loading the hash code")
    dests = ["/" + rel for _, rel in pairs]
    twins = [t for t in ("/" + deploy.twin(rel) if deploy.twin(rel) else None
                         for _, rel in pairs) if t]
    on_board = board.eval("print(repr([_h(p) for p in %r]))" % (dests + twins,),
                          "hashing the files on the board")
    have = dict(zip(dests + twins, on_board))
    # Folders, then the other form of each module: the importer tries .py
    # before .mpy, so a stale .py would shadow the new .mpy.
    made = board.eval(
        "m = []\nfor d in %r:\n"
        "    try:\n        os.stat(d)\n    except OSError:\n        os.mkdir(d)\n        m.append(d)\n"
        "print(repr(m))" % (folders(dests),), "making the folders")
    for d in made:
        log("made    %s" % d)
    removed = []
    for path in twins:
        if have.get(path) is not None:
            try:
                board.run("os.remove(%r)" % path, "removing " + path)
            except BoardError as exc:
                raise _say_board_error(exc, "removing " + path)
            removed.append(path[1:])
            log("removed %s" % path[1:])
    copied = []
    for (src, rel), path in zip(pairs, dests):
        data = Path(src).read_bytes()
        if have.get(path) == local_hash(data, algo):
            continue
        try:
            for script in write_scripts(path, data):
                board.run(script, "writing " + path)
        except BoardError as exc:
            try:
                board.run("f.close()", "closing " + path)
            except DeployError:
                pass
            raise _say_board_error(exc, "writing " + path)
        copied.append(rel)
        log("copied  %s" % rel)
    if copied:
        after = board.eval("print(repr([_h(p) for p in %r]))" % (["/" + r for r in copied],),
                           "checking the copied files")
        by_rel = dict(pairs_by_rel(pairs))
        for rel, got in zip(copied, after):
            if got != local_hash(Path(by_rel[rel]).read_bytes(), algo):
                raise DeployError("/%s differs on the board after copying it (the board "
                                  "read %s): the flash may be failing, run this again" % (rel, got))
    settings = _settings(board, board_name, log)
    log("%d of %d files changed over the REPL" % (len(copied), len(pairs)))
    return {"copied": copied, "removed": removed, "unchanged": len(pairs) - len(copied),
            "settings": settings, "hash": algo}


def pairs_by_rel(pairs):
    return [(rel, src) for src, rel in pairs]


def _settings(board, board_name, log):
    path = "/" + SETTINGS
    old = board.eval("try:\n    f = open(%r, 'rb')\nexcept OSError:\n    print(None)\n"
                     "else:\n    print(repr(f.read()))\n    f.close()" % path,
                     "reading " + path)
    text = None if old is None else old.decode("utf-8")
    new = merge_settings(text, board_name)
    if new is None:
        return None
    try:
        for script in write_scripts(path, new.encode("utf-8")):
            board.run(script, "writing " + path)
    except BoardError as exc:
        raise _say_board_error(exc, "writing " + path)
    if text is None or not text.strip():
        log("wrote   %s" % SETTINGS)
        return "wrote"
    if board_name is not None:
        log("set     PRIMEPLAY_BOARD = %r in %s (its other lines as they were)"
            % (board_name, SETTINGS))
    if deploy.add_own_settings(text) != text:
        log("added   %s to %s" % (", ".join(deploy.OWN_SETTINGS), SETTINGS))
    return "set"


def _reset(board):
    """microcontroller.reset(): the only way back for the USB drive after
    unsafe_disable_usb_drive() here, and it runs boot.py.  The board does
    not answer (it is gone), so nothing is waited for."""
    try:
        board.transport.exec_raw_no_follow("import microcontroller\nmicrocontroller.reset()")
    except Exception:  # pylint: disable=broad-except
        pass  # it may go before it says OK
    board.close(leave_repl=False)


def _reload(board):
    """Ctrl-D at the friendly REPL: a soft reload, which runs code.py."""
    try:
        board.send_raw(b"\r\x02")
        board.transport.read_until(1, b">>> ", timeout=2, timeout_overall=board.timeout)
        board.send_raw(b"\x04")
    except Exception:  # pylint: disable=broad-except
        pass
    board.close(leave_repl=False)
