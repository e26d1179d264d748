"""G6.4-G6.6 The development board: moving a progress marker and its bonuses."""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C

HOW_DEVELOP, HOW_CARD, HOW_VICEROY, HOW_QUICK = 0, 1, 2, 3


@njit(cache=True, _nrt=False)
def advance_marker(c, s, log, p, col, how):
    """Move seat ``p``'s marker in ``col`` one row down. G6.5: the first player in the game to
    reach row 4 (and row 5) of a column draws a card; G6.6: when his lowest marker leaves
    row r-1 he takes an extra action card. A16: every move triggers both, except the Quick
    start set-up moves (G9.1)."""
    cf = S.comp(c)
    st = S.fields(s)
    before = C.lowest_row(s, p)
    r = st.row[p, col] + 1
    st.row[p, col] = r
    C.log_event(s, log, C.EV_MARKER, p, col, r, how, 0)
    if how == HOW_QUICK:
        return
    if r >= 4:
        k = r - 4
        if st.first_to[col, k] < 0:
            st.first_to[col, k] = p
            C.draw_cards(s, p, cf.first_to_cards)
            C.log_event(s, log, C.EV_BONUS, p, 0, col, r, 0)
    after = C.lowest_row(s, p)
    if after > before:
        C.gain_extra(s, p, cf.last_marker_extra_actions * (after - before))
        C.log_event(s, log, C.EV_BONUS, p, 1, after, 0, 0)
