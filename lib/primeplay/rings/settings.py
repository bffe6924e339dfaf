"""Settings of a Ring Climb game: players, the rings' face, the house rule."""


class Settings:
    __slots__ = ("players", "face", "first", "one_card", "play_on")

    def __init__(self, players=2, face=0, first=0, one_card=False,
                 play_on=True):
        self.players = players
        # Which side of the rings is up (board.FACES): "There is no
        # difference in game play", but the colours differ.
        self.face = face
        # Who plays first.  The rulebook: "The youngest player goes
        # first"; the device cannot tell, so the table says (player 1 by
        # default).
        self.first = first
        # The house rule: "Deal three cards, but play only one card per
        # turn, replenishing up to three each time".
        self.one_card = one_card
        # True: "The remaining players may continue playing to see who
        # gets 2nd, 3rd and 4th place"; False: the game ends at the first
        # player with three pawns on top.
        self.play_on = play_on

    def validate(self):
        if self.players not in (2, 3, 4, 5, 6):
            raise ValueError("Ring Climb is for 2-6 players, not %r"
                             % (self.players,))
        if self.face not in (0, 1):
            raise ValueError("face must be 0 or 1, not %r" % (self.face,))
        if type(self.first) is not int or \
                not 0 <= self.first < self.players:
            raise ValueError("first player must be a seat, not %r"
                             % (self.first,))

    def per_turn(self):
        """Cards a turn may play."""
        return 1 if self.one_card else 3
