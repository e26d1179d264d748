"""The event log: one int64 row per decision, gain, payment or notable happening.

Row layout: ``[event, round, phase, seat, a, b, c, d]``; the meaning of ``a..d`` per event:

- ``EV_DECISION``: a = decision kind, b = action code, c = Reals paid, d = context
  (the called number for acts, the merchant-send context, the launch context);
- ``EV_VP``: a = VP source, b = amount, c, d = detail (landing and slot, or tile; for Dias's
  VP c = 0 at setup, 1 when hosted, 2 at a round end);
- ``EV_REALS``: a = Reals source, b = amount, c, d = detail;
- ``EV_PAY``: a = pay reason, b = amount, c = called number;
- ``EV_FREE``: b = Initial Number, c = Variation Number, d = First Free Number F;
- ``EV_CALL``: a = called number, b = Area, c = right-to-act cost if performed;
- ``EV_MOVE``: a = ship code, b = from (landing * 8 + slot), c = to (-1 = removed), d = owner;
- ``EV_GAIN``: a = item kind, b = amount, c = detail (colour, tile, character), d = where it
  came from: a character's or the additional disc's previous holder (-1 when dealt at setup);
  a recruited sailor's section, or the sailor-bonus action; a captain's bonus landing, or -1
  when recruited; a project -1 when bought, -2 for Sao Gabriel, -3 from the project bonus;
  a missionary -1 at setup, 1 when Alvares is hosted, 2 at a round end;
- ``EV_MERCHANT``: a = merchant tile, b = 1 sent / 0 discarded, c = landing * 8 + slot;
- ``EV_ROUND``: a = round, b = Initial Number, c and d = Vasco da Gama's two Reals amounts.
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import vocabulary as V
from vdgsim.games.vasco.engine import state as S

# The codes are the vocabulary's, as plain ints: numba folds module ints into the machine code.

EV_DECISION = int(V.Event.DECISION)
EV_VP = int(V.Event.VP)
EV_REALS = int(V.Event.REALS)
EV_PAY = int(V.Event.PAY)
EV_FREE = int(V.Event.FREE)
EV_CALL = int(V.Event.CALL)
EV_MOVE = int(V.Event.MOVE)
EV_GAIN = int(V.Event.GAIN)
EV_MERCHANT = int(V.Event.MERCHANT)
EV_ROUND = int(V.Event.ROUND)
EVENT_NAMES = V.EVENT_NAMES
# items for EV_GAIN
G_CAPTAIN = int(V.Gain.CAPTAIN)
G_SAILOR = int(V.Gain.SAILOR)
G_MISSIONARY = int(V.Gain.MISSIONARY)
G_PROJECT = int(V.Gain.PROJECT)
G_CHARACTER = int(V.Gain.CHARACTER)
G_EXTRA_DISC = int(V.Gain.EXTRA_DISC)
GAIN_NAMES = V.GAIN_NAMES


@njit(cache=True, _nrt=False)
def log_event(s, log, ev, seat, a, b, c, d):
    """Append one row; rows past the log's capacity are counted but not stored."""
    st = S.fields(s)
    n = st.log_rows
    if n < log.shape[0]:
        log[n, 0] = ev
        log[n, 1] = st.round
        log[n, 2] = st.phase
        log[n, 3] = seat
        log[n, 4] = a
        log[n, 5] = b
        log[n, 6] = c
        log[n, 7] = d
    st.log_rows = n + 1
    return n
