"""tools/bench.py's Daifugo, judge and import pieces: the positions they
measure are the ones they name, and their fixed cases are what their
labels say.  No timing is checked (CPython times are a guide only)."""

import bench
from primeplay import primes
from primeplay.daifugo.bot import Bot, NORMAL, STRONG


def test_daifugo_positions_rebuild_on_the_vm_setup():
    # Every scanned position has 13 cards to move, and the setup the VM
    # and the board run rebuilds it: the same move on CPython.
    positions = bench.daifugo_positions(seeds=1)
    assert {p[0] for p in positions} == {2, 3}
    for pos in positions[:40]:
        s = bench.daifugo_state(pos)
        assert len(s.hands[s.current]) == 13
        for level in (NORMAL, STRONG):
            assert Bot(level).choose(s) == Bot(level).choose(
                bench.daifugo_state(pos))


def test_daifugo_decision_runs_on_the_vm_within_budget():
    pos = [p for p in bench.daifugo_positions(seeds=1)
           if p[2].startswith("dealt")][0]
    c = bench.daifugo_cost(STRONG, pos)
    assert 0 < c.fuel <= bench.DAIFUGO_FUEL_TARGET
    assert 0 < c.alloc_bytes <= bench.DAIFUGO_BYTES_TARGET


def test_daifugo_worst_keeps_the_costliest_rows():
    rows = [(NORMAL, "a", 0, 5, 9), (NORMAL, "b", 0, 7, 1),
            (STRONG, "c", 0, 2, 2)]
    worst = bench.daifugo_worst(rows)
    assert worst == [(STRONG, "c", 0, 2, 2), (NORMAL, "b", 0, 7, 1),
                     (NORMAL, "a", 0, 5, 9)]


def test_judge_cases_are_what_their_labels_say():
    for label, n in bench.JUDGE_CASES:
        assert str(n) in label
        digits = int(label.split()[0])
        assert len(str(n)) == digits
        assert ("prime" in label) == primes.is_prime(n)
    assert primes.factorize(bench.HARD24) == [999999999961, 999999999989]
    for pattern in bench.FILL_CASES:
        assert pattern.count("?") == 3
    assert len(bench.FILL_CASES[-1]) == 24


def test_judge_scan_costs_every_4_digit_number():
    worst = bench.judge_scan4(top=3)
    assert len(worst) == 3
    assert all(1000 <= n <= 9999 and fuel > 0 for fuel, n in worst)
    assert worst == sorted(worst, reverse=True)


def test_tournament_result_interval_holds_the_rate():
    r = bench.tournament_result(games=20, seed=5)
    assert r["games"] == 20 and 0 <= r["wins"] <= 20
    assert r["lo"] <= r["rate"] <= r["hi"]
    assert r["rate"] == r["wins"] / 20.0


def test_render_game_without_a_board():
    daifugo = [(STRONG, (3, 1, "game move 4", {"area": []}), 0.001, 10**7,
                9000),
               (NORMAL, (2, 2, "game move 9", {"area": [(0, (1,), (7,), 7)]}),
                0.0005, 4 * 10**6, 6000)]
    judge = [("4 digits: 9973, the largest 4-digit prime", 0.00001, 90000,
              32, "9973 is prime"),
             ("24 digits: hard", 0.7, 272 * 10**6, 4 * 10**6, ("rho", 835142))]
    imports = [("primeplay.primes", 0.008, 33 * 10**6, 29712)]
    tour = bench.tournament_result(games=4)
    text = "\n".join(bench.render_game(daifugo, judge, imports, tour, None,
                                       bench.FUEL_PER_MS))
    assert "worst_daifugo_decision_fuel_M: 10.00" in text
    assert "worst_daifugo_decision_bytes: 9000" in text
    assert "to beat 7" in text and "a lead" in text
    assert "whole: ~11 G fuel" in text
    assert "| primeplay.primes |" in text
