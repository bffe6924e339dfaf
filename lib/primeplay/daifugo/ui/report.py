"""Prime Daifugo's pages: what a turn did, told to the whole table.

``turn_pages`` turns a turn's events (``rules``) into pages, and
``draw_page`` draws one: the played number large with the judgment
("511 NOT PRIME =7x73", "Cards back, turn over"), Draw 2, Stop, the
round's end, the game's winner.  Pages are public: no card drawn is
named (the discard of a D card is, Q8).  The play screen (``play``)
keeps the pages of the turn and when they go on; this module only words
and draws them.
"""

from primeplay.app.scene import CHAR_W, CHAR_H, WIDTH
from primeplay.app import colours
from primeplay.daifugo import cards as C
from primeplay.daifugo.ui.hand import seat_name, cards_text, plural

COLS = WIDTH // CHAR_W
# The Stop page's ring: lit and dark this long each, from the page's
# start: 2 flashes a second, and with the ring's change as the page comes
# and goes still at most 3 in any second (host_tests/test_flash_rate.py;
# at 150 ms, timed from the clock, it was 3.5).  Draw 2's two pixels
# move a place this often.
FLASH_MS = 250
CHASE_MS = 60


def turn_pages(s, events, p):
    """The pages of seat ``p``'s turn in state ``s`` from its events, in
    order; [] if nothing needs telling."""
    who = seat_name(p)
    pages = []
    drew = False    # drew a card in phase 1 (not the D card's two)
    dcard = False
    acted = False   # played, passed or skipped: later draws are Draw 2
    for e in events:
        k = e[0]
        if k == "draw" and e[1] == p and not acted and not dcard:
            drew = True
        elif k == "dcard":
            dcard = True
            if not [x for x in events if x[0] == "discard"]:
                # Too few cards left for its discard (ruling 3).
                pages.append(("text", [who + " plays D:",
                                       "draws what is left."]))
        elif k == "discard":
            pages.append(("text", [who + " plays D:",
                                   "draws 2 cards and",
                                   "discards %s." % s.cards[e[2]][4]]))
        elif k == "reshuffle":
            pages.append(("text", ["Deck empty:", "the discards are",
                                   "shuffled."]))
        elif k in ("play", "not_prime"):
            acted = True
            ok = k == "play"
            pages.append(("judge", who + (" drew, then plays"
                                          if drew else " plays"),
                          e[2], e[3], e[4], ok, e[5] if not ok else []))
        elif k == "pass":
            if not acted:
                pages.append(("text", [who + " draws and",
                                       "passes."] if drew else
                              [who + " passes."]))
            acted = True
        elif k == "draw2":
            pages.append(("draw2", ["Draw 2! ([10])", "%s draws %s." % (
                seat_name(e[1]), plural(e[2]))]))
        elif k == "skip":
            acted = True
            pages.append(("text", [who + " plays SKIP:",
                                   "%s is skipped." % seat_name(e[2])]))
        elif k == "stop":
            pages.append(("stop", ["Stop! ([12])", "%s starts a new" %
                                   seat_name(e[1]), "round."]))
        elif k == "round":
            pages.append(("text", ["Round over:", "%s's play stands."
                                   % seat_name(e[1]), "%s leads a new"
                                   % seat_name(e[1]), "round."]))
        elif k == "stuck":
            pages.append(("text", ["Nobody can move", "again: the fewest",
                                   "cards win."]))
        elif k == "win":
            pages.append(("win", e[1]))
    return pages


def draw_page(sc, s, page, seat, score, n, now, calm=False):
    """Draw ``page`` of seat ``seat``'s turn in state ``s`` (``score``:
    the match's line, ``n`` pixels, ``now`` ms since the page began,
    ``calm``: reduced flashing, the ring stands still).  Returns the ms
    of a step of its ring's blink, or 0 if the ring stands still."""
    kind = page[0]
    step = 0 if calm else FLASH_MS if kind == "stop" else \
        CHASE_MS if kind == "draw2" else 0
    if kind == "judge":
        who, cids, values, number, ok, factors = page[1:]
        played = cards_text(values)
        if ok or len(who) + len(played) + 2 > COLS:
            sc.text(0, 0, who + ":")
        else:
            # The cards that go back, when they fit.
            sc.text(0, 0, "%s %s:" % (who, played))
        big = str(number)
        sc.text(0, 13, big, 2)
        x = len(big) * CHAR_W * 2 + CHAR_W
        if ok:
            sc.text(x, 13, "PRIME")
            sc.text(x, 25, played)
            special = ""
            stop = False
            for i in range(len(cids)):
                if s.cards[cids[i]][0] == C.NUMBER:
                    if values[i] == C.STOP:
                        stop = True
                    elif values[i] == C.DRAW_TWO:
                        special = "[10]: a pass draws 2"
            if stop:
                special = "[12]: Stop!"
            if special:
                sc.text(0, 38, special)
            sc.leds = _flash(n, now, colours.RGB["red"], calm) if stop \
                else colours.verdict(True, n)
            step = FLASH_MS if stop and not calm else 0
        else:
            sc.text(x, 13, "NOT PRIME")
            f = "=" + "x".join([str(q) for q in factors])
            if x + len(f) * CHAR_W <= WIDTH:
                sc.text(x, 25, f)
                sc.text(0, 38, "Cards back, turn over")
            else:
                sc.text(x, 25, "Turn over.")
                sc.text(0, 38, f)
            sc.leds = colours.verdict(False, n)
    elif kind == "win":
        w = page[1]
        sc.text(0, 0, "Game over")
        sc.text(0, 14, "%s wins!" % seat_name(w), 2)
        sc.text(0, 40, score)
        sc.leds = colours.seat_ring(w, n, 16)
    else:
        y = 0
        for line in page[1][:4]:
            sc.text(0, y, line)
            y += CHAR_H + 1
        sc.leds = colours.seat_ring(seat, n, 6)
        if kind == "stop":
            sc.leds = _flash(n, now, colours.RGB["red"], calm)
        elif kind == "draw2":
            sc.leds = _chase(n, now, colours.RGB["orange"], calm)
    sc.text(0, 52, "A: go on")
    return step


def _flash(n, now, rgb, calm=False):
    """Stop: the whole ring blinks (``calm``, reduced flashing: lit)."""
    if calm or (now // FLASH_MS) % 2 == 0:
        return [rgb] * n
    return [colours.OFF] * n


def _chase(n, now, rgb, calm=False):
    """Draw 2: two pixels running round (``calm``: standing still)."""
    out = [colours.OFF] * n
    i = 0 if calm else (now // CHASE_MS) % n
    out[i] = rgb
    out[(i + 1) % n] = rgb
    return out
