"""The battery and deep sleep, for the app: the firmware's readings
(``reading``, from firmware/dimmer.py), the main menu's line, the warning, and what a deep
sleep stores so that A wakes into the turn on screen.

Its own module, loaded with the first reading on battery power or the
first deep sleep: a board on USB never carries it.
"""


def volts(mv):
    """'3.92 V' from 3921 mV."""
    return "%d.%02d V" % (mv // 1000, mv % 1000 // 10)


def reading(app, mv, usb, low):
    """``mv`` millivolts of VSYS, ``usb`` on USB power, ``low`` under the
    board's warning level.  A battery found low at power-up, or going
    low since the last reading, stores what is due and says so over
    whatever is on the panel: once, not again in each VM a game or the
    menu starts (``App.power_warned``).  True when what the panel shows
    changed."""
    shown = line(app)
    was = app.power
    app.power = (mv, usb, low)
    if was is not None and not was[2]:
        app.power_warned = False        # it went low here: news
    if low and not app.power_warned and app.job is None:
        app.power_warned = True
        app.store_soon()
        app.push(app.message(["Battery low: %s" % volts(mv),
                              "Plug in USB or put", "in new batteries;",
                              "the game is saved."]))
        return True
    return line(app) != shown


def line(app):
    """"Battery 3.92 V" on battery power; None on USB or unread."""
    p = app.power
    if p is None or p[1]:
        return None
    return "Battery %s%s" % (volts(p[0]), " low" if p[2] else "")


def prepare_deep_sleep(app):
    """Before the board's deep sleep: the settings and the game stored,
    and where to wake ("resume:<key>" while a game's turn is on screen,
    else "menu") under the record's "wake", in the flash:
    alarm.sleep_memory may not outlast a real deep sleep.  Returns it."""
    wake = "menu"
    if app.playing is not None and app.saves.get(app.playing) is not None:
        wake = "resume:" + app.playing
    app.store_due = 0
    app.store()
    nvm = getattr(app.storage, "nvm", None)
    if nvm is not None:
        from primeplay import save
        save.update(nvm, {"wake": wake})
    return wake


def wake_intent(nvm):
    """Where a deep sleep's wake goes, from the record in ``nvm``:
    "menu" when it says nothing."""
    from primeplay import save
    record = save.read(nvm, ("wake",))
    wake = record.get("wake") if record else None
    return wake if isinstance(wake, str) else "menu"
