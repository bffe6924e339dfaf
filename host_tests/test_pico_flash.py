"""Saves on the emulated Pico's flash: CircuitPython's own nvm code, the
boot ROM's flash routines, and board.mjs's SPI flash under them.

A game saved on the board is there after a power cycle (a new emulator
booted from the flash image), and a power cut at any flash erase or page
program of a save leaves each key of the record (the settings, each
game's save) as it was or as it was being saved, never anything else
(a key gone only inside a compaction, between its erase and the page
that programs the key's entry).  Each cut image is rebuilt from the journal of one
run (the bytes every operation changed); one real cut stops the core and
is checked against it, and some cut images are booted to compare the
board's menu with the simulator's on the same nvm.

``PRIMEPLAY_SOAK=1`` cuts at more points of every operation and boots
every distinct cut image.
"""

import os

import pytest
from primeplay import save

import pico
import sim
from test_pico import SEED, pytestmark  # noqa: F401  (the same skip line)

SOAK = bool(os.environ.get("PRIMEPLAY_SOAK"))
PARTS = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0) if SOAK else (0.0, 0.5, 1.0)
# From the main menu: setup, Start, the start roll's news, roll (the board
# after it goes by itself), two moves, End turn (one press): the first save.
TURN = "A,A,A,A,WAIT:2000,A,A,A"
# With a game saved: Prime Climb's setup (on Start), the variant changed
# (the row under Start), back: the prefs go into a new record beside the
# same game.
PREFS_SAVE = "DOWN,A,A,DOWN,RIGHT,B"
# The board's keys settle for this long (not a key's full 600 ms): the
# same records come out, in half the time.
KEY_MS = 300


def sim_keys(nvm, keys):
    """The simulator on a copy of ``nvm``: (its storage, the frame text
    after each token, each key followed by time until no frame has come
    for a key's settle time, as Pico.run_keys)."""
    storage = sim.MemoryStorage()
    storage.nvm[:] = nvm
    s = sim.Sim(seed=SEED, board="pico_ref", storage=storage)
    texts = [s.frame_text()]
    for token in sim.parse_keys(keys):
        if token[0] == "WAIT":
            s.advance(token[1])
        else:
            s.press(token[0])
            s.settle(pico.MS_PER_KEY)
        texts.append(s.frame_text())
    return storage, texts


def saved_game_nvm():
    """The nvm the simulator leaves after TURN: one record, turn 1."""
    storage, _ = sim_keys(b"\xff" * pico.NVM_SIZE, TURN)
    return bytes(storage.nvm)


def entry_size(key, value):
    return len(save.body({key: value})) + save.ENTRY


def nearly_full(nvm):
    """``nvm``'s record as the last entries of a log with too little room
    left after them for another settings entry: the next save of the
    settings compacts.  The room is taken by an entry of a key no game
    reads ("pad", as a later build's key would be kept)."""
    record = save.read(nvm)
    n = entry_size("prefs", record["prefs"])
    need = sum(entry_size(k, record[k]) for k in record)
    k = pico.NVM_SIZE
    while entry_size("pad", "x" * k) + need > pico.NVM_SIZE - (n - 20):
        k -= 1
    log = bytearray(b"\xff" * pico.NVM_SIZE)
    assert save.update(log, {"pad": "x" * k})
    assert save.update(log, record)
    assert pico.NVM_SIZE - len(log.rstrip(b"\xff")) < n - 8
    return bytes(log)


def board_from(image):
    """The board that boots from ``image`` (``with`` boots it)."""
    return pico.Pico(board="pico_ref", seed=SEED, flash=image)


def check_boot_matches_simulator(image):
    """The board booted from ``image`` shows the simulator's first frame
    for the same nvm (Continue game or not; a damaged save's message)."""
    _, want = sim_keys(pico.nvm_of(image), "")
    with board_from(image) as board:
        assert board.metrics()["tracebacks"] == 0, board.console[-1500:]
        assert board.frames[0].text() == want[0]


def sweep(base, journal, old, new, may_lose):
    """Every cut point of the journal's operations, PARTS of each: each
    key of the record save.read finds in the cut image is its value in
    ``old`` or in ``new``; ``may_lose(count, part)``: where a key may be
    gone.  Returns {cut image's nvm: (count, part)}."""
    seen = {}
    for count in range(1, len(journal) + 1):
        for part in PARTS:
            nvm = pico.nvm_of(pico.cut_image(base, journal, count, part))
            found = save.read(nvm) or {}
            for k in set(old) | set(new):
                if k in found:
                    assert found[k] in (old.get(k), new.get(k)), (count, part, k)
                else:
                    assert may_lose(count, part), (count, part, k)
            seen.setdefault(nvm, (count, part))
    return seen


@pytest.fixture(scope="module")
def cycled():
    """A game played on a fresh board and saved; a second board booted from
    that flash, which changes a setting (the app appends a record) with a
    journal kept, then presses Continue.  What each board left and showed."""
    out = {}
    with pico.Pico(board="pico_ref", seed=SEED, flash_writes=True) as board:
        board.run_keys(TURN, KEY_MS)
        out["saved"] = board.read_flash()
        out["commands"] = board.flash_commands
    with board_from(out["saved"]) as board:
        out["menu"] = board.frames[0].text()
        out["base"] = board.read_flash(journal=True)
        board.run_keys(PREFS_SAVE, KEY_MS)
        out["appended"] = board.read_flash()
        out["journal"] = board.journal
        out["continued"] = board.run_keys("A")[-1].text()  # as the simulator settles
        out["tracebacks"] = board.metrics()["tracebacks"]
    return out


def test_a_game_saved_on_the_board_is_there_after_a_power_cycle(cycled):
    assert cycled["commands"].get("02") and cycled["commands"].get("06")
    nvm = pico.nvm_of(cycled["saved"])
    record = save.read(nvm)
    assert record is not None and record["climb"]["state"]["turn"] == 1
    # The simulator saved the same game after the same keys.
    assert record == save.read(saved_game_nvm())
    # Power cycled: the menu offers Continue (as the simulator draws it from
    # the same nvm), and Continue shows the game as the simulator resumes it.
    _, want = sim_keys(nvm, PREFS_SAVE + ",A")
    assert cycled["menu"] == want[0]
    assert cycled["menu"] != sim_keys(b"\xff" * pico.NVM_SIZE, "")[1][0]
    assert cycled["continued"] == want[-1]
    assert cycled["tracebacks"] == 0


def test_power_cuts_while_a_save_is_appended(cycled):
    before = pico.nvm_of(cycled["saved"])
    old = save.read(before)
    new = save.read(pico.nvm_of(cycled["appended"]))
    assert new != old and new["climb"] == old["climb"]
    assert new == save.read(bytes(sim_keys(before, PREFS_SAVE)[0].nvm))
    journal = cycled["journal"]
    # An append programs pages into erased space: no erase at all.
    assert journal and all(len(op[2]) == 256 for op in journal), [op[:2] for op in journal]
    seen = sweep(cycled["base"], journal, old, new, lambda count, part: False)
    if SOAK:
        for nvm in seen:
            check_boot_matches_simulator(pico.with_nvm(cycled["base"], nvm))


def test_power_cuts_while_a_full_log_is_compacted():
    full = nearly_full(saved_game_nvm())
    image = pico.with_nvm(boot_image(), full)
    old = save.read(full)
    new = save.read(bytes(sim_keys(full, PREFS_SAVE)[0].nvm))
    assert new != old and new["climb"] == old["climb"]
    # CircuitPython compacts with one sector erase, then programs the
    # sector's 16 pages, the new settings' entry first: the power goes
    # off halfway through the last, in the last key's entry.
    last = 1 + pico.NVM_SIZE // 256
    with board_from(image) as board:
        base = board.read_flash(journal=True)
        board.cut_power(last, 0.5)
        board.run_keys(PREFS_SAVE, KEY_MS)
        cut = board.read_flash()
        journal = board.journal
        assert board.halted == "power cut"
        assert board.metrics()["tracebacks"] == 0, board.console[-1500:]
    starts = [pico.NVM_OFFSET] + [pico.NVM_OFFSET + 256 * i for i in range(last - 1)]
    assert [op[1] for op in journal] == starts and len(journal[0][2]) == pico.NVM_SIZE, \
        [op[:2] for op in journal]
    # The journal rebuilds the cut image; the new settings and the game
    # were whole by then, the entry in the last page torn.
    assert cut == pico.cut_image(base, journal, last, 0.5)
    got = save.read(pico.nvm_of(cut))
    assert got["prefs"] == new["prefs"] and got["climb"] == new["climb"]
    assert "pad" not in got
    whole = pico.cut_image(base, journal, last, 1.0)
    assert save.read(pico.nvm_of(whole)) == new

    def may_lose(count, part):
        # From the erase's first byte to the last page done.
        return (1, 0.0) < (count, part) < (last, 1.0)

    seen = sweep(base, journal, old, new, may_lose)
    # Half the first page programmed: the new settings (written first)
    # whole, the game's entry not yet, as the board finds it at its next
    # start: what the simulator shows for that nvm.
    torn = pico.cut_image(base, journal, 2, 0.5)
    assert save.read(pico.nvm_of(torn)) == {"prefs": new["prefs"]}
    check_boot_matches_simulator(torn)
    if SOAK:
        for nvm in seen:
            check_boot_matches_simulator(pico.with_nvm(base, nvm))


_BOOT_IMAGE = []


def boot_image():
    """The flash a fresh board boots from (UF2 and drive), built once."""
    if not _BOOT_IMAGE:
        _BOOT_IMAGE.append(pico.Pico(board="pico_ref", seed=SEED).image())
    return _BOOT_IMAGE[0]
