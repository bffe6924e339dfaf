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
            # A read timeout: mpremote's own reads on a pseudo-terminal
            # (an emulated board) would otherwise block for ever.
            self.transport = SerialTransport(self.port, baudrate=115200,
                                             timeout=min(1.0, timeout))
        except Exception as exc:  # mpremote raises TransportError, pyserial OSError
            raise DeployError("cannot open the serial port %s: %s" % (self.port, exc))
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
