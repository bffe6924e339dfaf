"""The emulated board's flash costs what a Pico's does (tools/pico/board.mjs).

The XIP cache model is checked with small Thumb programs of our own on
the emulated core, each run with the model off and on:

- a loop that fits one cache line runs as fast as without the model;
- a sweep of branches over 32 KB of flash (twice the cache) misses at
  every 8-byte line, and is slower by exactly the misses times the miss
  cost the SSI's set-up gives (112 clk_sys);
- the same sweep copied to SRAM costs nothing more however often it
  runs: only its copying read the flash.

And through CircuitPython: a write to microcontroller.nvm erases a 4 KB
sector, which keeps the flash busy for its datasheet time (45 ms) while
the firmware waits, running nothing from flash.
"""

import struct

import pytest

import pico

_missing = pico.missing_pieces()
pytestmark = pytest.mark.skipif(bool(_missing), reason="emulated Pico: " + "; ".join(_missing))

CLK_SYS = 125e6
MISS_CYCLES = 112       # (8 address and mode + 4 dummy + 16 data clocks) x BAUDR 4
LINES = 4096            # 32 KB of 8-byte lines
CHAIN = 0x1000          # where the sweep starts in flash (and in SRAM)
TAIL = CHAIN + LINES * 8


def _b_next_line():
    """B to the next 8-byte line (target = here + 4 + 2 * 2), then three
    halfwords never run."""
    return struct.pack("<4H", 0xE002, 0xBF00, 0xBF00, 0xBF00)


# The sweep's end: SUBS r2, #1; BEQ done; BX r5 (the sweep again);
# done: WFI; B done.  r5 holds the sweep's start (Thumb bit set).
TAIL_CODE = struct.pack("<5H", 0x3A01, 0xD000, 0x4728, 0xBF30, 0xE7FE)
# A loop in one line: SUBS r2, #1; BNE back; WFI; B .
LOOP_CODE = struct.pack("<4H", 0x3A01, 0xD1FD, 0xBF30, 0xE7FE)


def entry(code, literals):
    """The first 256 bytes of the image (the boot ROM copies them to SRAM
    and runs them): ``code`` as halfwords where ("ldr", rt, k) loads the
    k-th of ``literals`` PC-relative, then the literal pool."""
    n = len(code) + (len(code) % 2)     # the pool word-aligned after the code
    pool = 2 * n
    out = []
    for i, op in enumerate(code):
        if isinstance(op, tuple):
            _, rt, k = op
            pc = (2 * i + 4) & ~3
            imm = (pool + 4 * k - pc) // 4
            assert 0 <= imm < 256
            out.append(0x4800 | rt << 8 | imm)
        else:
            out.append(op)
    if len(code) % 2:
        out.append(0xBF00)
    data = struct.pack("<%dH" % len(out), *out) + struct.pack("<%dI" % len(literals), *literals)
    assert len(data) <= 256
    return data


def image(first, chain=b"", tail=b""):
    img = bytearray(b"\xff" * 0x10000)
    img[0:len(first)] = first
    img[CHAIN:CHAIN + len(chain)] = chain
    img[TAIL:TAIL + len(tail)] = tail
    return bytes(img)


def sweep_in_flash(times):
    first = entry([("ldr", 5, 0), ("ldr", 2, 1), 0x4728],        # BX r5
                  [0x10000000 + CHAIN + 1, times])
    return image(first, _b_next_line() * LINES, TAIL_CODE)


def loop_in_flash(times):
    first = entry([("ldr", 5, 0), ("ldr", 2, 1), 0x4728], [0x10000000 + CHAIN + 1, times])
    return image(first, LOOP_CODE)


def sweep_in_sram(times):
    # Copy the sweep and its tail from flash to SRAM a word at a time,
    # then run it there: LDR r4,[r0]; STR r4,[r1]; ADDS r0,#4; ADDS r1,#4;
    # SUBS r3,#4; BNE copy.
    first = entry([("ldr", 0, 0), ("ldr", 1, 1), ("ldr", 3, 2),
                   0x6804, 0x600C, 0x3004, 0x3104, 0x3B04, 0xD1F9,
                   ("ldr", 5, 3), ("ldr", 2, 4), 0x4728],
                  [0x10000000 + CHAIN, 0x20000000 + CHAIN, LINES * 8 + 16,
                   0x20000000 + CHAIN + 1, times])
    return image(first, _b_next_line() * LINES, TAIL_CODE)


def run(flash, timing, ms=400):
    board = pico.Pico(flash=flash, flash_writes=False, flash_timing=timing)
    board.start()
    try:
        board.run(ms)
        return board.awake_ms, dict(board.xip)
    finally:
        board.close()


def extra_ms(misses):
    return misses * MISS_CYCLES / CLK_SYS * 1000


def test_a_loop_in_one_line_runs_as_without_the_model():
    off, _ = run(loop_in_flash(100_000), False)
    on, cache = run(loop_in_flash(100_000), True)
    assert off > 1.0                      # 200,000 instructions and more
    assert cache["misses"] <= 4
    assert on - off == pytest.approx(extra_ms(cache["misses"]), abs=1e-6)


def test_a_sweep_over_twice_the_cache_pays_a_miss_a_line():
    off, zero = run(sweep_in_flash(20), False)
    on, cache = run(sweep_in_flash(20), True)
    assert zero["misses"] == 0            # no model: no counts
    assert cache["miss_cycles"] == MISS_CYCLES   # as the SSI is set up
    assert 20 * LINES <= cache["misses"] <= 20 * (LINES + 4)
    assert on - off == pytest.approx(extra_ms(cache["misses"]), rel=1e-6)
    assert on > 20 * off                  # a taken branch against 112 cycles


def test_code_in_sram_costs_nothing_more_however_often_it_runs():
    on_1, once = run(sweep_in_sram(1), True)
    off_40, _ = run(sweep_in_sram(40), False)
    on_40, forty = run(sweep_in_sram(40), True)
    # Only the copy read the flash: a line a miss, whatever the sweeps.
    assert forty["misses"] == once["misses"]
    assert LINES <= once["misses"] <= LINES + 8
    assert on_40 - off_40 == pytest.approx(extra_ms(forty["misses"]), rel=1e-6)
    assert on_40 > on_1


def test_an_nvm_write_waits_for_the_sector_erase():
    # CircuitPython writes nvm by erasing its 4 KB sector and programming
    # it again (only a page when every changed bit goes 1 -> 0, as the
    # first write here does); the boot ROM polls the flash's BUSY bit
    # meanwhile.
    code = ("import microcontroller, time\n"
            "microcontroller.nvm[0:4] = b'xip!'\n"
            "t = time.monotonic_ns()\n"
            "microcontroller.nvm[0:4] = b'abcd'\n"
            "print('took', (time.monotonic_ns() - t) // 1000)\n"
            "print('DONE')\n")
    took = {}
    for timing in (False, True):
        with pico.Pico(seed=3, flash_timing=timing) as board:
            lines = board.repl(code)
            took[timing] = int([x for x in lines if x.startswith("took")][0].split()[1])
            assert board.xip["busy_reads"] == 0
    assert took[False] < 10_000           # microseconds: no busy time
    # One sector erase (45 ms) and 16 page programs (0.4 ms each).
    assert 45_000 + 16 * 400 <= took[True] - took[False] < 60_000
