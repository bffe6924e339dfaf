"""Settings of a Prime Daifugo game: players and the advanced rules.

Every advanced rule is switched on its own (the rulebook: "You may
choose one, or some, or all (!)").  ``Settings()`` is the basic game for
two players; ``Settings.advanced(players)`` switches every advanced rule
on that the player count allows.
"""

from primeplay.daifugo import cards as C


class Settings:
    __slots__ = ("players", "zero", "multi59", "multi468", "skip",
                 "multi_in_three", "hand_limit", "strict", "hand_size",
                 "clues", "learner")

    def __init__(self, players=2, zero=False, multi59=False, multi468=False,
                 skip=False, multi_in_three=False, hand_limit=0,
                 strict=False, hand_size=10, clues=True, learner=False):
        self.players = players
        # Advanced rules: the cards they add to the deck.
        self.zero = zero
        self.multi59 = multi59
        self.multi468 = multi468
        self.skip = skip              # 3 players only
        # False is the rulebook's optional rule: "don't use this card when
        # forming a number using 3 cards".
        self.multi_in_three = multi_in_three
        # Q7: "if you feel that this is needed then set it to 13"; 0 = none.
        self.hand_limit = hand_limit
        # False: the rulebook's judgment (a non-prime play is taken back and
        # counts as a pass).  True: a practice mode where the device refuses
        # a non-prime play as an illegal move.
        self.strict = strict
        self.hand_size = hand_size
        # What the device tells a player; the rules never look at these.
        # clues: the printed cards' hints ("7. Anatomy of Cards": the
        # partners of a card, the primes picked cards make; ui.clues),
        # on as on the cards.  Off, a game of memory alone.
        self.clues = clues
        # learner: whether the picked cards form a prime, said before they
        # are played.  Off by default: the rulebook's game is the gamble
        # ("Try playing your cards even if you are not sure").
        self.learner = learner

    @classmethod
    def advanced(cls, players=3, **kw):
        s = cls(players, zero=True, multi59=True, multi468=True,
                skip=players == 3)
        for k in kw:
            setattr(s, k, kw[k])
        return s

    def sets(self):
        """The card sets of the deck (see cards.TABLE)."""
        out = [C.BASIC]
        if self.zero:
            out.append(C.ZERO)
        if self.multi59:
            out.append(C.MULTI59)
        if self.multi468:
            out.append(C.MULTI468)
        if self.skip:
            out.append(C.SKIPS)
        return tuple(out)

    def validate(self):
        for name in ("players", "hand_limit", "hand_size"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool):
                raise ValueError("%s must be an int, got %r" % (name, v))
        if not 2 <= self.players <= 3:
            raise ValueError("Prime Daifugo is for 2 or 3 players, got %d"
                             % self.players)
        if self.skip and self.players != 3:
            raise ValueError("the SKIP cards are used with 3 players only")
        if not 1 <= self.hand_size <= 15:
            raise ValueError("hand_size must be 1..15, got %d" % self.hand_size)
        if self.hand_limit and self.hand_limit < self.hand_size:
            raise ValueError("hand_limit (%d) is below the hand dealt (%d)"
                             % (self.hand_limit, self.hand_size))
        deck = C.count(None, self.sets())
        if deck < self.players * self.hand_size + 1:
            raise ValueError("%d cards cannot deal %d hands of %d"
                             % (deck, self.players, self.hand_size))

    def copy(self):
        s = Settings()
        for name in Settings.__slots__:
            setattr(s, name, getattr(self, name))
        return s

    def __eq__(self, other):
        if not isinstance(other, Settings):
            return False
        for name in Settings.__slots__:
            if getattr(self, name) != getattr(other, name):
                return False
        return True

    def __repr__(self):
        return "Settings(%s)" % ", ".join(
            ["%s=%r" % (n, getattr(self, n)) for n in Settings.__slots__])
