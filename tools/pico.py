"""The handheld on an emulated Raspberry Pi Pico: CircuitPython itself, unchanged.

    python tools/pico.py --keys "DOWN,A,WAIT:1500" --screenshot out.png
    make pico ARGS="--keys A,A --frame out.txt"
    python tools/pico.py --keys "DOWN,DOWN,A" --profile 3   (where press 3's
        time went, by CircuitPython function: needs the build's ELF)

Boots a CircuitPython UF2 (default: ../shared/circuitpython/pico/, or
``--uf2`` / ``PRIMEPLAY_UF2``, e.g. an official one from circuitpython.org)
in the rp2040js emulator (tools/pico/board.mjs, installed by ``make`` with
npm), on a CIRCUITPY drive built from exactly what ``tools/deploy.py``
copies (compiled to .mpy with CircuitPython's mpy-cross when it is found;
``--py`` keeps .py).  Then it presses the buttons on their pins, decodes the
SSD1306's I2C traffic with the simulator's own model (tools/fake_ssd1306.py),
decodes the NeoPixels' WS2812 pulses, reads the USB console, and prints::

    code_to_frame_ms: X   emulated ms from code.py's start to its first frame
    first_frame_ms: X     emulated ms from reset to that frame
    mem_free_min: X       lowest free heap the firmware reported (after
                          the collection its loop makes at rest)
    tracebacks: N         tracebacks on the console

Frames are known to be complete because the drive's settings.toml turns on
the firmware's debug line (``primeplay: frame N press P`` after every
frame shown, ``primeplay: rest free BYTES`` when it comes to rest), which
changes nothing the firmware does: the board runs as a shipped one.
Times are emulated Cortex-M0+ cycles at 125 MHz, with the RP2040's XIP
flash cache and the flash chip's busy times modelled (board.mjs;
``PRIMEPLAY_FLASH_TIMING=0`` turns them off, for speed): the same run
gives the same numbers, whatever the host is doing.

For tests and benchmarks: ``Pico`` (boot, press, run, frames, leds,
console) and ``parse_keys`` (the simulator's key-script syntax).
"""

import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
for _p in (TOOLS, ROOT / "lib", ROOT):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import cpbuilds  # noqa: E402
import deploy  # noqa: E402
import fatimage  # noqa: E402
from fake_ssd1306 import FakeI2C  # noqa: E402

NODE_DIR = TOOLS / "pico"
BOARD_JS = NODE_DIR / "board.mjs"
FLASH_SIZE = 2 * 1024 * 1024  # a Pico's W25Q16
DRIVE_OFFSET = 0x100000  # CIRCUITPY: 1 MiB FAT12 after the firmware
DRIVE_SIZE = 1024 * 1024
# microcontroller.nvm: the 4 KB sector just below the drive (CircuitPython's
# CIRCUITPY_INTERNAL_NVM_START_ADDR, 0x10000000 + CIRCUITPY_FIRMWARE_SIZE of
# 1020 KB, in ports/raspberrypi/mpconfigport.h).
NVM_OFFSET = 0xFF000
NVM_SIZE = 4096
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
FLASH_BASE = 0x10000000
FRAME_LINE = "primeplay: frame "
REST_LINE = "primeplay: rest free "
# CircuitPython sets the terminal title (ESC ] 0 ; ... code.py | version)
# as it starts code.py; "code.py output:" comes only when a host had the
# port open at that moment.
CODE_START = "code.py |"
TRACEBACK = "Traceback (most recent call last)"
MS_PER_KEY = 600  # as the simulator: a key, then this long for it to settle
PRESS_MS = 60  # a finger on a button; keypad scans every 20 ms
DEFAULT_BOARD = "pico_ref"


class PicoError(RuntimeError):
    """The emulated board could not be built, started or driven."""


def missing_pieces(uf2=None):
    """What is missing to run the emulated board (empty when nothing);
    ``uf2``: a UF2 path given instead of the default one."""
    out = []
    if shutil.which("node") is None:
        out.append("node (Node.js) not on PATH")
    elif not (NODE_DIR / "node_modules" / "rp2040js").is_dir():
        out.append("rp2040js not installed (make installs it: npm ci --prefix tools/pico)")
    if uf2 is not None:
        if not Path(uf2).is_file():
            out.append("no UF2 file at %s" % uf2)
    elif cpbuilds.pico_uf2() is None:
        out.append(cpbuilds.missing("CircuitPython UF2 for the Pico"))
    if cpbuilds.bootrom() is None:
        out.append(cpbuilds.missing("RP2040 boot ROM"))
    return out


# -- the flash image --------------------------------------------------------------
def uf2_to_flash(data, size=FLASH_SIZE):
    """The flash contents a UF2 file writes (erased bytes elsewhere)."""
    flash = bytearray(b"\xff" * size)
    blocks = 0
    for off in range(0, len(data) - 511, 512):
        m0, m1, flags, addr, length = struct.unpack_from("<5I", data, off)
        if (m0, m1) != UF2_MAGIC[:2] or struct.unpack_from("<I", data, off + 508)[0] != UF2_MAGIC[2]:
            raise PicoError("not a UF2 file (bad magic in block %d)" % (off // 512))
        if flags & 1:  # "not main flash": comments, extension blocks
            continue
        start = addr - FLASH_BASE
        if start < 0 or start + length > size or length > 476:
            raise PicoError("UF2 block %d writes outside the Pico's flash (0x%08x)"
                            % (off // 512, addr))
        flash[start:start + length] = data[off + 32:off + 32 + length]
        blocks += 1
    if not blocks:
        raise PicoError("the UF2 file holds no flash blocks")
    if start + length > DRIVE_OFFSET:
        raise PicoError("this UF2 reaches into the CIRCUITPY drive area at 0x%x"
                        % DRIVE_OFFSET)
    return flash


def settings_toml(board, seed=None, debug=True):
    """The drive's settings.toml: the deploy tool's, plus test settings
    (``debug``: True or 1, or 2 for the heap's room too)."""
    text = deploy.settings_text(board)
    if seed is not None:
        text += "PRIMEPLAY_SEED = %d\n" % seed
    if debug:
        text += "PRIMEPLAY_DEBUG = %d\n" % int(debug)
    return text


def drive_files(board=DEFAULT_BOARD, mpy_cross=None, seed=None, debug=True, extra=None):
    """Drive path -> bytes: what ``deploy.py`` would copy, and settings.toml."""
    pairs = deploy.plan(mpy_cross=mpy_cross) if mpy_cross else deploy.plan()
    files = {rel: Path(src).read_bytes() for src, rel in pairs}
    files[deploy.SETTINGS] = settings_toml(board, seed, debug).encode()
    files.update(extra or {})
    return files


def flash_image(uf2, files):
    flash = uf2_to_flash(Path(uf2).read_bytes())
    flash[DRIVE_OFFSET:DRIVE_OFFSET + DRIVE_SIZE] = fatimage.fat12_image(files, DRIVE_SIZE)
    return bytes(flash)


def nvm_of(image):
    """The microcontroller.nvm sector of a flash image."""
    return bytes(image[NVM_OFFSET:NVM_OFFSET + NVM_SIZE])


def with_nvm(image, nvm):
    """A flash image whose nvm sector holds ``nvm`` (erased after it)."""
    out = bytearray(image)
    out[NVM_OFFSET:NVM_OFFSET + NVM_SIZE] = bytes(nvm) + b"\xff" * (NVM_SIZE - len(nvm))
    return bytes(out)


def record_image(record, board=DEFAULT_BOARD, seed=None):
    """The flash of ``board``'s drive with ``record`` saved in its nvm
    (``primeplay.save.write``): a board that boots into those settings
    or saved games."""
    from primeplay import save  # pylint: disable=import-outside-toplevel
    nvm = bytearray(b"\xff" * NVM_SIZE)
    if not save.write(nvm, record):
        raise PicoError("the record does not fit the nvm: %r" % (record,))
    return with_nvm(Pico(board=board, seed=seed).image(), bytes(nvm))


def cut_image(base, journal, count, part=1.0):
    """The flash a power cut leaves, from a journal (``Pico.read_flash``)
    of the run that started from ``base``: the first ``count - 1``
    operations done, then the first ``part`` of operation ``count``'s bytes
    (as ``Pico.cut_power(count, part)`` would leave it)."""
    out = bytearray(base)
    for i, (_n, start, before, after) in enumerate(journal[:count]):
        if bytes(out[start:start + len(before)]) != before:
            raise PicoError("the journal does not follow from this image (op %d)" % (i + 1))
        k = len(after) if i < count - 1 else int(part * len(after) + 0.5)  # JS Math.round
        out[start:start + k] = after[:k]
    return bytes(out)


def gpio_number(pin):
    """"GP14" -> 14."""
    if not (isinstance(pin, str) and pin.startswith("GP") and pin[2:].isdigit()):
        raise PicoError("pin %r is not a Pico GPIO (GPn)" % (pin,))
    return int(pin[2:])


# -- what the board did ------------------------------------------------------------
class Frame:
    """One frame the firmware reported shown: panel rows as the viewer sees
    them (a module mounted upside down is turned back), the
    LED bytes on the wire at that moment, when its last I2C byte went out
    (emulated ms), its number, the key events the board had taken when
    it drew it (``press``), and the heap free once the loop collected at
    rest after it (None while no rest has come, or when the next frame
    came first)."""

    def __init__(self, number, free, pixels, leds, t_ms, press=None):
        self.number = number
        self.press = press
        self.free = free
        self.alloc = None  # with debug=2: bytes allocated, and the room left
        self.room = None
        self.pixels = pixels
        self.leds = leds
        self.t_ms = t_ms

    def text(self):
        """64 lines of '#'/'.': the simulator's --frame format."""
        return "\n".join("".join("#" if p else "." for p in row) for row in self.pixels) + "\n"


class Pico:
    """The emulated handheld.  ``Pico(board="pico_ref", mpy=True, seed=None)``,
    then ``boot()``; ``press(name)``, ``run(ms)``, ``type(text)``; read
    ``frames``, ``console``, ``leds``; ``close()`` (or use ``with``)."""

    def __init__(self, board=DEFAULT_BOARD, mpy=True, seed=None, uf2=None,
                 extra_files=None, mpy_cross=None, flash=None, flash_writes=True,
                 debug=1, flash_timing=None):
        missing = missing_pieces(uf2)
        self.debug = debug  # PRIMEPLAY_DEBUG: 1, or 2 for the heap's room
        if missing:
            raise PicoError("; ".join(missing))
        self.board = board
        self.profile = _load_profile(board)
        self.mpy_cross = None
        if mpy:
            self.mpy_cross = Path(mpy_cross) if mpy_cross else cpbuilds.mpy_cross()
        self.uf2 = Path(uf2) if uf2 else cpbuilds.pico_uf2()
        self.seed = seed
        self.extra_files = extra_files
        self.console = ""  # everything the board wrote on USB, decoded
        self.frames = []  # Frame per debug line
        self.leds_frames = []  # (t_ms, bytes) per WS2812 frame
        # (t0_ms, t1_ms, hz, duty) per tone on the piezo's pin, if any
        self.tones = []
        self.profiled = None    # {address: cycles} of the last profile
        self.profiled_hits = None   # {address: times it ran}, the same
        self.profiled_callers = None    # {(watched address, return address): times}
        self.t_ms = 0.0
        self.awake_ms = 0.0  # how long the core ran (not slept) in the last command
        self.i2c = FakeI2C(address=self.profile["oled_address"])
        self.i2c.try_lock()
        self.last_i2c_ms = None
        self.code_start_ms = None
        self._line = ""
        self._proc = None
        self._tmp = None
        self._err = None
        # Flash: boot from this image (bytes) instead of a fresh drive; the
        # firmware erases and programs it (nvm saves, the drive) as on a
        # board, unless ``flash_writes`` is False (writes then vanish).
        self.boot_flash = flash
        self.flash_writes = flash_writes or flash is not None
        self.flash_ops = 0  # erases and page programs so far (read_flash)
        self.halted = None  # "power cut" or "reset" once the core stopped
        self.flash_commands = {}
        self.journal = []
        self.on_console = None  # called with the raw bytes the board writes on USB
        # The XIP cache and the flash's busy times (board.mjs): on unless
        # asked off here or by PRIMEPLAY_FLASH_TIMING=0 (faster on the host;
        # every flash read then costs what an SRAM read costs).
        if flash_timing is None:
            flash_timing = os.environ.get("PRIMEPLAY_FLASH_TIMING", "1") != "0"
        self.flash_timing = bool(flash_timing)
        # The cache's counts over the board's life: XIP reads, misses, and
        # reads while the flash was busy or out of XIP mode (a board would
        # run garbage: always 0).
        self.xip = {"accesses": 0, "misses": 0, "busy_reads": 0, "miss_cycles": None}

    # -- life cycle
    def boot(self, timeout_ms=15000):
        """Build the drive, start the emulator, run to the first frame."""
        self.start()
        if self.run_until_frame(timeout_ms) is None:
            tail = self.console[-1500:]
            self.close()
            raise PicoError("no frame within %d emulated ms of reset; the console said:\n%s"
                            % (timeout_ms, tail or "(nothing)"))
        self.run_until_rest()
        return self

    def run_until_rest(self, timeout_ms=2000):
        """Run until the last frame has its heap figure (the loop came to
        rest and collected), or ``timeout_ms`` passed: its ``free``."""
        end = self.t_ms + timeout_ms
        while self.frames and self.frames[-1].free is None and self.t_ms < end:
            self.run(min(100, end - self.t_ms), until=REST_LINE)
        return self.frames[-1].free if self.frames else None

    def start(self):
        """Build the drive and start the emulator, at reset (boot() also
        runs to the first frame; a board with no firmware on its drive
        never shows one)."""
        if self._proc is not None:
            # A second emulator would replace the first without stopping it
            # (``with Pico() as board`` has booted already).
            raise PicoError("this board is running already")
        self._tmp = tempfile.TemporaryDirectory(prefix="primeplay-pico-")
        tmp = Path(self._tmp.name)
        (tmp / "flash.bin").write_bytes(self.image())
        sda = gpio_number(self.profile["i2c_sda"])
        config = {
            "flash": str(tmp / "flash.bin"),
            "bootrom": str(cpbuilds.bootrom()),
            "i2c_bus": (sda // 2) % 2,  # RP2040: I2C0 on GP0/1, 4/5, 8/9 ...
            "sda": sda,
            "scl": gpio_number(self.profile["i2c_scl"]),
            "oled_address": self.profile["oled_address"],
            "pixel_pin": gpio_number(self.profile["pixel_pin"]),
            "piezo_pin": gpio_number(self.profile["piezo_pin"])
            if self.profile.get("piezo_pin") else -1,
            "buttons": [gpio_number(p) for p in self.profile["buttons"].values()],
            "flash_writes": self.flash_writes,
            "flash_timing": self.flash_timing,
        }
        (tmp / "board.json").write_text(json.dumps(config))
        self._err = open(tmp / "board.err", "w+")
        self._proc = subprocess.Popen(
            ["node", str(BOARD_JS), str(tmp / "board.json")], cwd=str(NODE_DIR),
            # stderr to a file: a pipe nobody reads would stall the emulator
            # once it filled.
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._err,
            text=True, bufsize=1)
        first = self._proc.stdout.readline()
        if not first.startswith('{"ready"'):
            raise PicoError("the emulator did not start: %s%s"
                            % (first, self._stderr()))
        return self

    def image(self):
        """The flash image this board boots from: ``flash`` as given, or
        the UF2 and a drive built from the repo."""
        if self.boot_flash is not None:
            return bytes(self.boot_flash)
        files = drive_files(self.board, self.mpy_cross, self.seed, self.debug, self.extra_files)
        return flash_image(self.uf2, files)

    def read_flash(self, journal=False):
        """The flash image as it is now (after a power cut: as the cut left
        it); sets ``flash_ops``, ``halted``, ``flash_commands`` (SPI
        command byte in hex -> times the flash saw it) and ``journal``: the
        erases and programs since the last call, if it asked for them, as
        (n, start, before, after) (see ``cut_image``).  ``journal``: keep
        one from now on."""
        path = Path(self._tmp.name) / "flash-now.bin"
        reply = self._send({"cmd": "flash", "path": str(path), "journal": bool(journal)})
        info = [e for e in reply["events"] if e[0] == "flash"][-1][2]
        self.flash_ops = info["ops"]
        self.halted = info["halted"]
        self.flash_commands = info["commands"]
        self.journal = [(n, start, bytes.fromhex(before), bytes.fromhex(after))
                        for n, start, before, after in info["journal"] or ()]
        return path.read_bytes()

    def cut_power(self, ops=1, part=1.0):
        """Cut the power during the ``ops``-th flash erase or page program
        from now, once the first ``part`` of its bytes are done (0: none,
        1: all of them); the core stops there and time runs on with
        nothing running.  Needs ``flash_writes``."""
        if not self.flash_writes:
            raise PicoError("cut_power needs Pico(flash_writes=True)")
        self._send({"cmd": "cut", "ops": int(ops), "part": float(part)})

    def close(self):
        if self._proc is not None:
            try:
                self._send({"cmd": "quit"})
            except (PicoError, OSError, ValueError):
                pass
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
            self._proc = None
        if self._err is not None:
            self._err.close()
            self._err = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self):
        return self.boot()

    def __exit__(self, *exc):
        self.close()

    # -- driving
    def _send(self, msg):
        if self._proc is None or self._proc.poll() is not None:
            raise PicoError("the emulator is not running")
        self._proc.stdin.write(json.dumps(msg) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise PicoError("the emulator stopped: " + self._stderr())
        reply = json.loads(line)
        for event in reply["events"]:
            self._event(event)
        self.t_ms = reply["t"] / 1e6
        self.awake_ms = reply["awake"] / 1e6
        self.halted = reply.get("halted", self.halted)
        cache = reply.get("xip")
        if cache:
            for key in ("accesses", "misses", "busy_reads"):
                self.xip[key] += cache[key]
            self.xip["miss_cycles"] = cache["miss_cycles"]
        return reply

    def _stderr(self):
        """The end of what the emulator wrote on stderr."""
        if self._err is None:
            return ""
        self._err.flush()
        self._err.seek(0)
        return self._err.read()[-2000:]

    def run(self, ms, until=None):
        """Run ``ms`` emulated milliseconds, or until the console shows ``until``."""
        self._send({"cmd": "run", "ms": ms, "until": until})

    def run_until_frame(self, timeout_ms=5000, since=None):
        """Run until the firmware reports a frame after the first ``since``
        frames (default: the frames so far); that Frame, or None when
        ``timeout_ms`` passes first."""
        count = len(self.frames) if since is None else since
        end = self.t_ms + timeout_ms
        while len(self.frames) == count and self.t_ms < end:
            self.run(min(200, end - self.t_ms), until=FRAME_LINE)
        return self.frames[count] if len(self.frames) > count else None

    def start_profile(self, watch=(), to_i2c=False):
        """Count, from now, the cycles each instruction address of the
        core takes (an XIP miss's wait included), how often each ran, and
        for the addresses in ``watch`` (functions' first instructions)
        where they were called from (``profiled_callers``).  With
        ``to_i2c`` the counting ends at the next I2C start: a press's
        work before its frame goes on the bus."""
        self._send({"cmd": "profile", "on": True, "watch": list(watch), "to_i2c": to_i2c})

    def stop_profile(self):
        """{address: cycles} since ``start_profile`` (also ``profiled``);
        ``functions`` names them."""
        self._send({"cmd": "profile", "on": False})
        return self.profiled

    @staticmethod
    def functions(counts, elf=None):
        """[(function, ms)] of a profile, the most first: the addresses
        named from CircuitPython's ELF (beside the UF2 in ../shared, or
        ``elf``), cycles at 125 MHz."""
        import elfsyms  # pylint: disable=import-outside-toplevel
        table = elfsyms.by_function(counts, elf_symbols(elf))
        return [(name, cycles / 125e3) for name, cycles in table]

    @staticmethod
    def calls(hits, elf=None):
        """{function: calls} of a profile's ``profiled_hits``."""
        import elfsyms  # pylint: disable=import-outside-toplevel
        return elfsyms.calls(hits, elf_symbols(elf))

    def pin(self, name, pressed):
        gpio = gpio_number(self.profile["buttons"][name])
        self._send({"cmd": "pin", "gpio": gpio, "value": not pressed})

    def power(self, vsys, usb):
        """The supply from now on: ``vsys`` volts at VSYS, ``usb`` True on
        USB power (the emulator starts on USB: 4.75 V)."""
        self._send({"cmd": "power", "vsys": vsys, "vbus": bool(usb)})

    def press(self, name, hold_ms=PRESS_MS):
        """Press and release a logical button; returns the press time (ms)."""
        name = name.upper()
        if name not in self.profile["buttons"]:
            raise PicoError("no %s button on %s" % (name, self.board))
        self.pin(name, True)
        at = self.t_ms
        self.run(hold_ms)
        self.pin(name, False)
        return at

    def answer_ms(self, name, timeout_ms=5000):
        """Press ``name``; emulated ms from the press to the last I2C byte
        of the frame that answers it (None if none came): the first frame
        the board drew after taking the press (its press count grew), or
        the first frame of a new run of code.py (a press that started a
        game or left one), and that sent the panel something after the
        press.  A frame drawn meanwhile for something else, an
        animation's, is not the answer, nor one that changed only the
        LEDs (its time would be the panel's last byte, from before the
        press)."""
        count = len(self.frames)
        taken = self.frames[-1].press if self.frames else None
        at = self.press(name)
        end = at + timeout_ms
        while True:
            frame = self.run_until_frame(end - self.t_ms, since=count)
            if frame is None:
                return None
            count += 1
            prev = self.frames[count - 2] if count >= 2 else None
            if frame.t_ms > at and (
                    taken is None or frame.press is None or frame.press > taken
                    or prev is not None and frame.number <= prev.number):
                return frame.t_ms - at

    def type(self, text):
        """Bytes typed on the USB console (e.g. "\\x03" for Ctrl-C)."""
        data = text.encode() if isinstance(text, str) else bytes(text)
        self._send({"cmd": "serial", "hex": data.hex()})

    def settle(self, quiet_ms=MS_PER_KEY, limit_ms=30000):
        """Run until the board is idle: no frame for ``quiet_ms`` and the
        core asleep most of that time (a board loading a game shows no
        frame for a while, but it is busy), or ``limit_ms`` passed."""
        end = self.t_ms + limit_ms
        while self.t_ms < end:
            count = len(self.frames)
            self.run(quiet_ms)
            if len(self.frames) == count and self.awake_ms < quiet_ms / 2:
                return True
        return False

    def run_keys(self, keys, ms_per_key=MS_PER_KEY):
        """A key script in the simulator's syntax: each key is pressed, then
        the board runs until it has been quiet for ``ms_per_key`` (a board
        still loading a game takes longer than the simulator; keys pressed
        meanwhile would land in another state); WAIT:ms runs that long.
        Returns the frame on the panel after each token."""
        settled = []
        for token in sim_tokens(keys):
            if token[0] == "WAIT":
                self.run(token[1])
            else:
                self.press(token[0])
                self.settle(ms_per_key)
            settled.append(self.frames[-1] if self.frames else None)
        return settled

    def repl(self, code, done="DONE", timeout_ms=60000):
        """Stop the program (Ctrl-C), run ``code`` at the REPL in paste
        mode and return the lines it printed, up to a line ``done`` that
        the code prints last.  Raises PicoError on a traceback."""
        self.type("\x03")
        self.run(300)
        self.type("\r")  # "Press any key to enter the REPL"
        self.run(500, until=">>> ")
        self.type("\x05")  # paste mode
        self.run(100)
        data = code.replace("\n", "\r").encode()
        for i in range(0, len(data), 200):  # the host side holds 512 bytes
            self.type(data[i:i + 200])
            self.run(60)
        seen = len(self.console)
        self.type("\x04")
        end = self.t_ms + timeout_ms
        while self.t_ms < end:
            self.run(500, until="\n" + done)
            out = self.console[seen:].replace("\r", "")
            if TRACEBACK in out:
                break
            lines = out.split("\n")
            if done in lines[:-1]:
                return lines[:lines.index(done)]
        raise PicoError("the REPL code failed: " + self.console[seen:][-1500:])

    # -- events from the emulator
    def _event(self, event):
        kind = event[0]
        if kind == "i2c":
            _, _t0, t1, _addr, data = event
            self.i2c.writeto(self.profile["oled_address"], bytes.fromhex(data))
            self.last_i2c_ms = t1 / 1e6
        elif kind == "leds":
            self.leds_frames.append((event[1] / 1e6, bytes.fromhex(event[2])))
        elif kind == "profile":
            self.profiled = {int(a): c for a, c in event[1]}
            self.profiled_hits = {int(a): n for a, n in event[2]}
            self.profiled_callers = {tuple(int(x) for x in k.split()): n for k, n in event[3]}
        elif kind == "tone":
            self.tones.append((event[1] / 1e6, event[2] / 1e6, event[3], event[4]))
        elif kind == "console":
            if self.on_console is not None:
                self.on_console(bytes.fromhex(event[2]))
            text = bytes.fromhex(event[2]).decode("utf-8", "replace")
            self.console += text
            self._lines(text, event[1] / 1e6)

    def _lines(self, text, t_ms):
        if self.code_start_ms is None and CODE_START in self.console:
            self.code_start_ms = t_ms
        self._line += text
        while "\n" in self._line:
            line, self._line = self._line.split("\n", 1)
            line = line.rstrip("\r")
            rest = line.find(REST_LINE)
            if rest >= 0:
                try:
                    free = int(line[rest + len(REST_LINE):].split()[0])
                except (IndexError, ValueError):
                    continue
                if self.frames and self.frames[-1].free is None:
                    self.frames[-1].free = free
                continue
            at = line.find(FRAME_LINE)  # may follow a title escape on one line
            if at >= 0:
                # "N press P", or with PRIMEPLAY_DEBUG = 2
                # "N free F alloc A room R press P"
                parts = line[at + len(FRAME_LINE):].split()
                try:
                    number = int(parts[0])
                    fields = dict(zip(parts[1::2], [int(x) for x in parts[2::2]]))
                except (IndexError, ValueError):
                    continue
                leds = self.leds_frames[-1][1] if self.leds_frames else b""
                shown = self.last_i2c_ms if self.last_i2c_ms is not None else t_ms
                frame = Frame(number, fields.get("free"), self.panel(), leds, shown,
                              fields.get("press"))
                frame.alloc, frame.room = fields.get("alloc"), fields.get("room")
                self.frames.append(frame)

    # -- what a person sees
    def panel(self):
        rows = self.i2c.pixels()
        if self.profile.get("rotation", 0) == 180:
            rows = [row[::-1] for row in rows[::-1]]
        return rows

    @property
    def buttons(self):
        from device import button_order  # pylint: disable=import-outside-toplevel
        return button_order(self.profile["buttons"])

    @property
    def leds(self):
        """The ring's colours as (r, g, b), from the last WS2812 frame."""
        return wire_to_rgb(self.leds_frames[-1][1] if self.leds_frames else b"",
                           self.profile["pixel_order"], self.profile["pixel_count"])

    def metrics(self):
        first = self.frames[0] if self.frames else None
        return {
            "code_to_frame_ms": (first.t_ms - self.code_start_ms
                                 if first and self.code_start_ms is not None else None),
            "first_frame_ms": first.t_ms if first else None,
            "mem_free_min": min((f.free for f in self.frames if f.free is not None),
                                default=None),
            "tracebacks": self.console.count(TRACEBACK),
        }

    def screenshot(self, path, status=None):
        """A PNG drawn as the simulator draws its device."""
        import sim  # pylint: disable=import-outside-toplevel
        b = board_float(self.profile["brightness"]) or 1.0
        full = [tuple(min(255, int(round(c / b))) for c in rgb) for rgb in self.leds]

        class Shown:
            """What the simulator's screenshot reads: the ring drawn at full
            brightness, as the simulator draws the scene's colours."""
            buttons = self.buttons
            panel = self.panel
            leds = full
            i2c = self.i2c      # the panel's contrast, as the board set it

        sim.screenshot(Shown, path, status if status is not None else
                       "emulated Pico  %s  t=%.0f ms  frames %d" % (
                           self.board, self.t_ms, len(self.frames)))


_SYMBOLS = {}


def elf_symbols(elf=None):
    """The symbols of CircuitPython's ELF (beside the UF2 in ../shared, or
    ``elf``), read once per file: a profile is named and its calls
    counted from the same table."""
    import elfsyms  # pylint: disable=import-outside-toplevel
    path = elf or cpbuilds.pico_elf()
    if path is None:
        raise PicoError(cpbuilds.missing("CircuitPython's ELF for the Pico"))
    path = str(path)
    if path not in _SYMBOLS:
        _SYMBOLS[path] = elfsyms.Symbols(path)
    return _SYMBOLS[path]


def profile_press(board, keys, n, top=25):
    """Press ``keys`` (each answered, then the board idle), profiling the
    ``n``-th press from its pin to its frame; print where the core's time
    went, by function.  ``board``: booted."""
    i = 0
    for raw in keys.split(","):
        for token in sim_tokens(raw):
            if token[0] == "WAIT":
                board.run(token[1])
                continue
            i += 1
            if i == n:
                board.start_profile()
            ms = board.answer_ms(token[0])
            if i == n:
                counts = board.stop_profile()
                rows = board.functions(counts)
                calls = board.calls(board.profiled_hits)
                total = sum(t for _, t in rows)
                print("press %d (%s): answered in %s ms; the core was awake %.1f ms from "
                      "the press until its frame's debug line came (idle polls included)"
                      % (n, token[0], "-" if ms is None else "%.1f" % ms, total))
                for name, t in rows[:top]:
                    print("%8.2f ms %5.1f%% %7d calls  %s" % (t, 100 * t / total,
                                                            calls.get(name, 0), name))
                print("collections: %d (gc_collect_start calls); heap areas added: %d"
                      % (calls.get("gc_collect_start", 0), calls.get("gc_try_add_heap", 0)))
            board.settle()
    if i < n:
        raise PicoError("--profile %d: the keys have %d presses" % (n, i))


def fresh_flash(uf2=None):
    """The flash of a board fresh from the UF2: the firmware, and the
    drive area erased (CircuitPython formats CIRCUITPY at its first boot)."""
    uf2 = Path(uf2) if uf2 else cpbuilds.pico_uf2()
    if uf2 is None:
        raise PicoError(cpbuilds.missing("CircuitPython UF2 for the Pico"))
    return bytes(uf2_to_flash(uf2.read_bytes()))


class SerialPty:
    """The emulated board's USB serial console on a pseudo-terminal, for
    tools that talk to a real board's port (mpremote).

    ``SerialPty(flash)`` (a flash image; ``fresh_flash()`` for a new
    board), then ``start()``: the emulator runs in a background thread,
    and ``path`` is the terminal to open.  A hard reset of the board
    (``microcontroller.reset()``) restarts the emulator from the flash as
    it is, on the same terminal, as a board comes back on the same port;
    ``resets`` counts them.  ``stop()`` stops it and returns the flash
    image; ``pico`` is the board running now, ``elapsed_ms`` the emulated
    time since the start, over every restart."""

    def __init__(self, flash, board=DEFAULT_BOARD, uf2=None, step_ms=1):
        self.flash = bytes(flash)
        self.board = board
        self.uf2 = uf2
        # The host's bytes reach the board between steps: a tool that waits
        # for the board's answer (raw-paste flow control every 256 bytes)
        # waits at least a step, as a USB host waits for the next 1 ms frame.
        self.step_ms = step_ms
        self.pico = None
        self.path = None
        self.resets = 0
        self.error = None
        self.output = bytearray()  # everything the board wrote, over restarts
        self._before_ms = 0.0  # emulated time of the boards before this one
        self._master = self._slave = None
        self._pending = bytearray()  # board output the terminal has not taken yet
        self._thread = None
        self._stop = None

    @property
    def elapsed_ms(self):
        return self._before_ms + (self.pico.t_ms if self.pico else 0.0)

    def start(self):
        import threading  # pylint: disable=import-outside-toplevel
        import tty  # pylint: disable=import-outside-toplevel
        self._master, self._slave = os.openpty()
        # Raw at once: with the line discipline's echo on, what the board
        # writes would come back to it as typed input.
        tty.setraw(self._slave)
        os.set_blocking(self._master, False)
        self.path = os.ttyname(self._slave)
        self.pico = self._board(self.flash)
        self._stop = threading.Event()
        self._t0 = time.monotonic()
        self._thread = threading.Thread(target=self._loop, name="pico-serial", daemon=True)
        self._thread.start()
        return self

    def _board(self, image):
        pico = Pico(self.board, uf2=self.uf2, flash=image)
        pico.on_console = self._from_board
        return pico.start()

    def _from_board(self, data):
        self.output += data
        self._pending += data
        if len(self._pending) > 1 << 16:  # nobody reading: keep the newest
            del self._pending[:-(1 << 16)]

    def _loop(self):
        import select  # pylint: disable=import-outside-toplevel
        try:
            while not self._stop.is_set():
                if self._pending:
                    try:
                        sent = os.write(self._master, self._pending)
                        del self._pending[:sent]
                    except (BlockingIOError, OSError):
                        pass
                # Never ahead of the wall clock: a board waiting for its
                # host would otherwise run emulated seconds in a wall
                # millisecond, and the host's pauses would count many times
                # over in elapsed_ms.  (Busy, it runs 3-4x slower than real.)
                ahead = self.elapsed_ms / 1000.0 - (time.monotonic() - self._t0)
                ready, _, _ = select.select([self._master], [], [],
                                            min(max(ahead, 0.0), 0.05))
                if ready:
                    try:
                        data = os.read(self._master, 4096)
                    except (BlockingIOError, OSError):
                        data = b""
                    if data:
                        self.pico.type(data)
                self.pico.run(self.step_ms)
                if self.pico.halted == "reset":
                    image = self.pico.read_flash()
                    self._before_ms += self.pico.t_ms
                    self.pico.close()
                    self.pico = self._board(image)
                    self.resets += 1
        except Exception as exc:  # pylint: disable=broad-except
            self.error = exc  # wait_for and stop report it

    def wait_for(self, test, timeout_s):
        """Wait (wall seconds) until ``test()`` is true; whether it came."""
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            if self.error is not None:
                raise PicoError("the emulated board stopped: %s" % self.error)
            if test():
                return True
            time.sleep(0.05)
        return False

    def stop(self):
        """Stop the board; the flash image as it was left."""
        if self._thread is not None:
            self._stop.set()
            self._thread.join(timeout=30)
            self._thread = None
        image = None
        if self.pico is not None:
            try:
                image = self.pico.read_flash()
            except (PicoError, OSError, ValueError):
                # Ctrl-C in a terminal stops the emulator too (one process
                # group): its flash went with it.
                image = None
            self._before_ms += self.pico.t_ms
            self.pico.close()
            self.pico = None
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None
        if self.error is not None:
            raise PicoError("the emulated board stopped: %s" % self.error)
        return image

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        try:
            self.stop()
        except PicoError:
            if exc[0] is None:
                raise


def serve_pty(args):
    """--serial-pty: print the terminal's path, run until killed."""
    import signal  # pylint: disable=import-outside-toplevel
    flash = Path(args.flash_in).read_bytes() if args.flash_in else fresh_flash(args.uf2)

    def killed(*_):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, killed)
    bridge = SerialPty(flash, board=args.board, uf2=args.uf2).start()
    print("serial: %s" % bridge.path, flush=True)
    try:
        while bridge.wait_for(lambda: False, 1.0) is False:
            pass
    except KeyboardInterrupt:
        pass
    try:
        image = bridge.stop()
    except PicoError:
        image = None  # Ctrl-C reached the emulator as well
    if args.flash_out:
        if image is None:
            print("pico: the emulator had stopped; no flash image for --flash-out",
                  file=sys.stderr)
        else:
            Path(args.flash_out).write_bytes(image)
    print("emulated_ms: %.0f  resets: %d" % (bridge.elapsed_ms, bridge.resets))
    return 0


def wire_to_rgb(data, order="GRB", count=None):
    """WS2812 wire bytes -> [(r, g, b)], undoing the strip's byte order."""
    step = len(order)
    out = []
    for i in range(0, len(data) - step + 1, step):
        chunk = data[i:i + step]
        out.append((chunk[order.index("R")], chunk[order.index("G")], chunk[order.index("B")]))
    if count is not None:
        out = out[:count]
    return out


def sim_tokens(keys):
    """A key script parsed by the simulator's own parser, so that a script
    means the same on both."""
    import sim  # pylint: disable=import-outside-toplevel
    return sim.parse_keys(keys)


def board_float(x):
    """``x`` as CircuitPython's RP2040 build holds a float: IEEE single
    with the two lowest mantissa bits dropped (MicroPython's object
    representation C)."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0] & ~3
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def scaled_leds(colours, brightness):
    """What the data pin carries for scene colours at ``brightness``: each
    channel times the board's float brightness, truncated (0.2 is held as
    0.19999999, so 60 becomes 11)."""
    b = board_float(brightness)
    return [tuple(int(c * b) for c in colour) for colour in colours]


def _load_profile(name):
    import boards  # pylint: disable=import-outside-toplevel
    try:
        return boards.load_profile(name)
    except ValueError as exc:
        raise PicoError(str(exc))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--keys", default="", help="buttons and WAIT:ms, as tools/sim.py takes them")
    p.add_argument("--ms-per-key", type=int, default=MS_PER_KEY)
    p.add_argument("--board", default=DEFAULT_BOARD, help="profile in boards/ (default %(default)s)")
    p.add_argument("--seed", type=int, default=None, help="PRIMEPLAY_SEED for the drive")
    p.add_argument("--uf2", default=None, help="CircuitPython UF2 (default: ../shared)")
    p.add_argument("--py", action="store_true", help="copy .py, not .mpy")
    p.add_argument("--mpy-cross", default=None, help="CircuitPython's mpy-cross")
    p.add_argument("--profile", type=int, default=0, metavar="N",
                   help="the functions the core ran in, from the Nth press of --keys to "
                        "its frame (needs CircuitPython's ELF beside the UF2)")
    p.add_argument("--screenshot", help="PNG of the last frame and the LED ring")
    p.add_argument("--frame", help="the last frame as 64 lines of #/.")
    p.add_argument("--console", action="store_true", help="print the USB console")
    p.add_argument("--flash-in", help="boot from this flash image (e.g. one --flash-out wrote)")
    p.add_argument("--flash-out", help="write the flash image here at the end (saves, drive)")
    p.add_argument("--read-only-flash", action="store_true",
                   help="the firmware's flash writes vanish (as rp2040js alone does)")
    p.add_argument("--serial-pty", action="store_true",
                   help="bridge the board's USB serial to a pseudo-terminal (its path is "
                        "printed) and run until killed: a fresh board (the UF2 only) "
                        "unless --flash-in")
    args = p.parse_args(argv)
    try:
        if args.serial_pty:
            return serve_pty(args)
        board = Pico(args.board, mpy=not args.py, seed=args.seed, uf2=args.uf2,
                     mpy_cross=args.mpy_cross,
                     flash=Path(args.flash_in).read_bytes() if args.flash_in else None,
                     flash_writes=not args.read_only_flash)
        if not args.py and board.mpy_cross is None:
            print("pico: " + cpbuilds.missing("CircuitPython's mpy-cross") + "; copying .py",
                  file=sys.stderr)
        with board:
            if args.profile:
                profile_press(board, args.keys, args.profile)
            else:
                board.run_keys(args.keys, args.ms_per_key)
            board.run(100)
            if args.screenshot:
                os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
                board.screenshot(args.screenshot)
            if args.frame:
                Path(args.frame).write_text(board.frames[-1].text() if board.frames else "")
            if args.console:
                print(board.console)
            if args.flash_out:
                Path(args.flash_out).write_bytes(board.read_flash())
            for key, value in board.metrics().items():
                print("%s: %s" % (key, "-" if value is None else
                                  ("%.0f" % value if isinstance(value, float) else value)))
    except PicoError as exc:
        print("pico: %s" % exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
