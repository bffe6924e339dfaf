"""Prime Daifugo's first game (the setup's "First game: on"): the hand on
turn (``hand``) points at a sensible play.

The tip is the normal computer's choice for the hand (``daifugo.bot``:
the rulebook's plain player: out at once if it can, else the smallest
prime that beats the play area, a big hand leading with more cards;
else a D card or a draw, then SKIP or pass).  It reads the hand on turn
and the play area only, never another hand or the deck, and it is worked
out when the hand is shown: never on a pass screen, so a hidden hand
stays hidden.  Its cards are marked in the row and the cursor starts on
the first; the line over the actions says what to pick ("Tip: pick 1,7
= 17"), then each next step ("Next: pick 7", "UP, A: play 17"), and UP
lights the tip's action.  The player still picks and plays.

Loaded only with the mode on (``DaifugoPlay.guide``).
"""

from primeplay.daifugo.bot import Bot
from primeplay.daifugo.rules import TURN, DISCARD
from primeplay.daifugo.ui.hand import COLS, digits


class Guide:
    """The tip of the position shown (``_tip``, for ``_key``)."""

    def __init__(self):
        self.bot = Bot("normal")
        self._key = None
        self._tip = None

    def tip(self, s):
        """The move pointed at for the player on turn in state ``s``, or
        None (the game is over)."""
        if s.phase not in (TURN, DISCARD):
            return None
        hand = s.hands[s.current]
        key = (s, s.turn, s.current, s.phase, s.drawn, len(hand),
               len(s.area), len(s.deck))
        if key != self._key:
            self._key = key
            self._tip = self.bot.choose(s)
        return self._tip

    def cards(self, s):
        """The cards of the tip, to mark in the row: () for a draw or a
        pass."""
        t = self.tip(s)
        if t is None or t[0] in ("draw", "pass"):
            return ()
        return t[1] if t[0] == "play" else (t[1],)

    def first(self, s):
        """The tip's first card (the cursor starts there), or -1."""
        cs = self.cards(s)
        return cs[0] if cs else -1

    def act(self, acts):
        """The index in ``acts`` (Hand.acts) of the tip's action, else 0."""
        t = self._tip
        k = t[0] if t is not None else None
        return acts.index(k) if k in acts else 0

    def line(self, hand):
        """The line over the actions while the cards have the focus: the
        tip, or its next step while the picks follow it; None when the
        player has gone another way (the hand's own line then)."""
        s = hand.play.state
        t = self.tip(s)
        if t is None:
            return None
        k = t[0]
        if s.phase == DISCARD:
            return None
        if k == "draw":
            return "Tip: draw a card (UP)"
        if k == "pass":
            return "Tip: pass (UP)"
        if k in ("dcard", "skip"):
            # The cursor is on the card: A plays it, after a question.
            return "Tip: play %s (A)" % ("D" if k == "dcard" else "SKIP")
        cids, values = t[1], t[2]
        n = digits(values)
        sel = hand.sel
        i = 0
        while i < len(sel) and i < len(cids) and sel[i][0] == cids[i] and \
                sel[i][1] == values[i]:
            i += 1
        if not sel:
            vs = ",".join([str(v) for v in values])
            for text in ("Tip: pick %s, play it" % n if len(cids) == 1
                         else "Tip: pick %s = %s" % (vs, n),
                         "Pick %s = %s" % (vs, n)):
                if len(text) <= COLS:
                    return text
            return "Tip: play " + n
        if i == len(sel):
            if i == len(cids):
                return "UP, A: play " + n
            v = values[i]
            if hand.under() == cids[i]:
                return "A: pick %d (%s)" % (v, n)
            return "Next: pick %d (%s)" % (v, n)
        if i == len(sel) - 1 and i < len(cids) and sel[i][0] == cids[i]:
            return "A again: as %d" % values[i]
        return None

    def discard_line(self, hand):
        """Over the row in the D card's discard: which card to give up."""
        t = self.tip(hand.play.state)
        if t is None or t[0] != "discard":
            return None
        name = hand.play.state.cards[t[1]][4]
        for text in ("Tip: discard %s (A)" % name, "Tip: discard " + name):
            if len(text) <= COLS:
                return text
        return "Tip: discard it (A)"
