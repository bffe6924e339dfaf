"""Clues: the 2-card partners of a card and the primes of a selection,
against brute force over the card table, the rulebook's own examples and
the 21 characters a line of the screen holds."""

import itertools

import pytest
from hypothesis import given, settings as hsettings, strategies as st

import mpvm
from primeplay.daifugo import cards as C
from primeplay.daifugo import rules
from primeplay.daifugo.ui import clues
from primeplay.daifugo.settings import Settings

SETTINGS = [
    Settings(),
    Settings(players=3),
    Settings.advanced(2),
    Settings.advanced(3),
    Settings.advanced(3, multi_in_three=True),
    Settings(players=2, zero=True),
    Settings(players=2, multi59=True),
    Settings(players=2, multi468=True),
    Settings(learner=True),
    Settings.advanced(3, multi_in_three=True, learner=True),
]


def is_prime(n):
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


def cat(values):
    """The number as the rulebook writes it, or None with [0] leading."""
    if values[0] == 0:
        return None
    return int("".join(str(v) for v in values))


def deck(s):
    return rules.new_game(s, 0).cards


def find(cards, name):
    for c in range(len(cards)):
        if C.card_text(cards[c]) == name:
            return c
    raise AssertionError("no card " + name)


def numbers(cards):
    return [c for c in range(len(cards))
            if cards[c][0] in (C.NUMBER, C.MULTI)]


# ------------------------------------------------------------ brute force

def brute_partners(cards, value, cid):
    values = sorted(set(v for c in numbers(cards) for v in cards[c][1]))
    out = []
    for w in values:
        a = cat((value, w))
        b = cat((w, value))
        first = a is not None and is_prime(a)
        second = b is not None and is_prime(b)
        k = sum(1 for c in numbers(cards) if c != cid and w in cards[c][1])
        if (first or second) and k:
            out.append((w, first, second, k))
    return out


def brute_count(cards, cid):
    n = 0
    for c in numbers(cards):
        if c == cid:
            continue
        if any((cat((v, w)) and is_prime(cat((v, w)))) or
               (cat((w, v)) and is_prime(cat((w, v))))
               for v in cards[cid][1] for w in cards[c][1]):
            n += 1
    return n


def brute_primes(cards, cids, s):
    """The rulebook's play, written out again: any order and declaration;
    3 cards single digits (multi cards only with multi_in_three) and one
    with the icon; no leading [0]."""
    out = set()
    if any(cards[c][0] not in (C.NUMBER, C.MULTI) for c in cids):
        return []
    if len(cids) == 3:
        if not any(cards[c][2] for c in cids):
            return []
        for c in cids:
            if cards[c][0] == C.MULTI and not s.multi_in_three:
                return []
            if max(cards[c][1]) > 9:
                return []
    for order in itertools.permutations(cids):
        for values in itertools.product(*[cards[c][1] for c in order]):
            n = cat(values)
            if n is not None and is_prime(n):
                out.add(n)
    return sorted(out)


def test_partners_and_counts_are_the_brute_force_for_every_card():
    for s in SETTINGS:
        cards = deck(s)
        for cid in numbers(cards):
            for v in cards[cid][1]:
                assert clues.partners(cards, v, cid) == \
                    brute_partners(cards, v, cid), (s, cid, v)
            assert clues.partner_count(cards, cid) == \
                brute_count(cards, cid), (s, cid)


def test_partners_without_a_card_leave_one_card_of_the_value_out():
    cards = deck(Settings())
    for v in clues.deck_values(cards):
        held = [c for c in numbers(cards) if cards[c][1] == (v,)][0]
        assert clues.partners(cards, v) == clues.partners(cards, v, held)


def test_a_multi_card_partners_through_any_of_its_numbers():
    cards = deck(Settings.advanced(3))
    five = find(cards, "[5/9]")
    other = [c for c in range(len(cards))
             if cards[c][4] == "[5/9]" and c != five][0]
    # [3] makes 53 with a 5: the 3 plain [5]s and both [5/9]s.
    three = dict((p[0], p) for p in clues.partners(cards, 3, find(cards, "[3]")))
    assert three[5] == (5, False, True, 5)
    # Held, the [5/9] pairs with the other [5/9] as 59 (5 then 9).
    as5 = dict((p[0], p) for p in clues.partners(cards, 5, five))
    assert as5[9][1] is True
    assert as5[9][3] == 4 + 1     # four [9]s and the other [5/9]
    assert other != five


@hsettings(max_examples=300, deadline=None)
@given(st.integers(0, len(SETTINGS) - 1), st.data())
def test_primes_of_is_the_brute_force_and_the_rules_plays(which, data):
    s = SETTINGS[which]
    cards = deck(s)
    k = data.draw(st.integers(1, 3))
    cids = data.draw(st.lists(st.integers(0, len(cards) - 1), min_size=k,
                              max_size=k, unique=True))
    got = clues.primes_of(cards, cids, s)
    assert got == brute_primes(cards, cids, s)
    # The rules' own enumeration of a lead with this hand agrees.
    g = rules.new_game(s, 0)
    g.hands[g.current] = list(cids)
    plays = rules.play_moves(g)
    assert got == sorted(set(rules.concat(m[2]) for m in plays
                             if len(m[1]) == k and is_prime(
                                 rules.concat(m[2]))))
    for line in clues.clue_lines(cards, cids, s):
        assert 0 < len(line) <= clues.WIDTH, line


def test_every_line_fits_the_screen():
    for s in SETTINGS:
        cards = deck(s)
        for cid in range(len(cards)):
            lines = clues.clue_lines(cards, [cid], s)
            assert lines
            for line in lines:
                assert 0 < len(line) <= clues.WIDTH, line
    # The longest names there are, three of them.
    s = Settings.advanced(3, multi_in_three=True)
    cards = deck(s)
    multi = [c for c in range(len(cards)) if cards[c][0] == C.MULTI]
    for cids in itertools.permutations(multi, 3):
        for line in clues.clue_lines(cards, list(cids), s):
            assert 0 < len(line) <= clues.WIDTH, line


# ------------------------------------------------------------ the rulebook

def test_the_rulebooks_clue_example():
    # "[3] can be combined with [5] or [10] ... [35] can be divided by 5",
    # "either [310] or [103] is a prime number": 53 and 103, not the others.
    cards = deck(Settings())
    p = dict((x[0], x) for x in clues.partners(cards, 3))
    assert p[5][1:3] == (False, True)
    assert p[10][1:3] == (False, True)
    # "he decides to form [73]. It indeed is a prime number!"
    assert p[7][1:3] == (True, True)
    lines = clues.clue_lines(cards, [find(cards, "[3]")],
                             Settings(learner=True))
    assert "5:53" in " ".join(lines) and "10:103" in " ".join(lines)


def test_the_rulebooks_plays_are_among_the_primes():
    s = Settings.advanced(3)
    cards = deck(s)
    for names, n in ((["[5]", "[3]"], 53), (["[1]", "[7]"], 71),
                     (["[10]", "[1]"], 101), (["[7]", "[12]"], 127),
                     (["[3]", "[13]"], 313), (["[9]", "[11]"], 911),
                     (["[12]", "[13]"], 1213), (["[7]", "[9]"], 97),
                     (["[3]", "[9]*", "[7]"], 397),
                     (["[8]", "[6]", "[3]*"], 863)):
        assert n in clues.primes_of(cards, [find(cards, x) for x in names], s)
    # "[511] is not a prime number (511 can be formed by 7 x 73)".
    assert clues.primes_of(cards, [find(cards, "[5]"), find(cards, "[11]")],
                           s) == []
    # "you cannot use [0] and [2] to form [2]".
    assert clues.primes_of(cards, [find(cards, "[0]"), find(cards, "[2]")],
                           s) == []
    # 3 cards need the icon: [3][9][7] without it forms nothing.
    plain = [find(cards, "[3]"), find(cards, "[9]"), find(cards, "[7]")]
    assert clues.primes_of(cards, plain, s) == []
    s.learner = True
    lines = clues.clue_lines(cards, plain, s)
    assert "icon" in " ".join(lines)


def test_clue_lines_text():
    # With the learner's prime check on: the orders that are prime, and
    # what picked cards make.
    s = Settings(learner=True)
    cards = deck(s)
    assert clues.clue_lines(cards, [find(cards, "[7]")], s) == [
        "[7] primes with:",
        "1:71 17  3:73 37",
        "4:47  6:67  9:79 97",
        "10:107  12:127",
        "13:137  19:719 197",
        "%d partner cards" % brute_count(cards, find(cards, "[7]")),
        "Green: 7 is prime",
    ]
    assert clues.clue_lines(cards, [find(cards, "[1]")], s)[1].startswith(
        "1:11  ")       # [1][1] is 11 either way: once
    assert clues.clue_lines(cards, [find(cards, "[2]"), find(cards, "[4]")],
                            s) == ["[2][4] make:", "no prime in any order"]
    adv = Settings.advanced(3, learner=True)
    acards = deck(adv)
    assert clues.clue_lines(acards, [find(acards, "[0]")], adv) == \
        ["[0]: no 2-card prime", "Orange: 0 not prime"]
    lines = clues.clue_lines(acards, [find(acards, "[5/9]")], adv)
    assert lines[0] == "[5/9] primes with:" and "as 5:" in lines
    assert "as 9:" in lines


def test_clues_off():
    s = Settings(clues=False)
    cards = deck(s)
    assert clues.clue_lines(cards, [find(cards, "[7]")], s) == []
    assert clues.primes_of(cards, [find(cards, "[7]")], s) == [7]


def test_the_hints_say_what_the_printed_card_says():
    # "7. Anatomy of Cards": the partners, their count and the colour;
    # "This doesn't tell you in which order you should play the card".
    s = Settings()
    cards = deck(s)
    seven = find(cards, "[7]")
    lines = clues.clue_lines(cards, [seven], s)
    assert lines == [
        "[7] primes with:",
        "1 3 4 6 9 10 12 13 19",
        "in some order.",
        "%d partner cards" % brute_count(cards, seven),
        "Green: 7 is prime",
    ]
    assert clues.clue_lines(cards, [find(cards, "[12]")], s)[-1] == \
        "Orange: 12 not prime"
    # No order is given, and no prime of picked cards: that is the
    # learner's check, off by default.
    assert "71" not in " ".join(lines)
    assert clues.clue_lines(cards, [seven, find(cards, "[1]")], s) == []
    learner = Settings(clues=False, learner=True)
    assert "71" in " ".join(clues.clue_lines(cards, [seven,
                                                     find(cards, "[1]")],
                                             learner))


def test_every_card_says_what_it_does():
    s = Settings.advanced(3)
    cards = deck(s)
    seen = {}
    for c in range(len(cards)):
        lines = clues.about(cards[c])
        assert lines and all(0 < len(x) <= clues.WIDTH for x in lines)
        seen[cards[c][4] + ("*" if cards[c][2] else "")] = " ".join(lines)
    assert "draw 2" in seen["[10]"] and "Stop" in seen["[12]"]
    assert "3 cards" in seen["[9]*"] and "first digit" in seen["[0]"]
    assert "draw 2 cards" in seen["D"] and "discard 1" in seen["D"]
    assert "skipped" in seen["SKIP"]
    assert "4, 6 or 8" in seen["[4/6/8]"]



CLUE_GUEST = """
from primeplay.daifugo import Settings, rules
from primeplay.daifugo.ui import clues
for s in (Settings(), Settings.advanced(3, multi_in_three=True),
          Settings.advanced(3, multi_in_three=True, learner=True)):
    cards = rules.new_game(s, 0).cards
    for c in range(len(cards)):
        print("|".join(clues.clue_lines(cards, [c], s)))
    for c in range(0, len(cards) - 2, 3):
        print("|".join(clues.clue_lines(cards, [c, c + 1, c + 2], s)))
        print("|".join(clues.clue_lines(cards, [c + 2, c], s)))
"""


_CP_SKIP = pytest.mark.skip(reason=mpvm.cp_missing() or "")


def _on_cp(bits):
    return () if mpvm.cp_missing(bits) is None else (_CP_SKIP,)


@pytest.fixture(params=["unix", pytest.param("cp32", marks=_on_cp(32)),
                        pytest.param("cp64", marks=_on_cp(64))])
def vm(request):
    return request.param


def test_same_clues_on_every_vm(vm):
    here = []
    exec(CLUE_GUEST, {"print": here.append})
    if vm == "unix":
        out = mpvm.run_unix(CLUE_GUEST, heapsize="1M")
    else:
        out = mpvm.run_cp(CLUE_GUEST, bits=int(vm[2:]), heapsize="1M")
    assert out.splitlines() == here
