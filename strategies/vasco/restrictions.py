"""Restricted play: forbid or mandate one behaviour on top of any preset.

A restriction is a set of parameter columns (``R_*`` in :mod:`strategies.vasco.params`), so it runs
inside the compiled loop for every policy kind. The compiled side filters the legal actions
(:func:`filter_legal`); the Python side builds rows (:func:`restrict`) and parses the name
syntax that :func:`strategies.vasco.registry.resolve` accepts::

    default+never_host=manuel+never_pay+at_least=navigation:10+below=purchase:6
    frugal+only_landings=calicut/malindi+always_host=dias

When a restriction leaves no legal action (a disc must be placed, a merchant ship must be
sent), the player falls back to the unrestricted choices: the rules come first.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numba import njit

from strategies.vasco.params import (
    AREA_AXIS,
    CHARACTER_AXIS,
    LANDING_AXIS,
    R_ALWAYS_HOST,
    R_ANY,
    R_LAND_FORBID,
    R_NEVER_HOST,
    R_NEVER_PAY,
    R_NUM_AT_LEAST,
    R_NUM_BELOW,
)
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import state as S


class RestrictionError(ValueError):
    """A restriction that names an unknown character, Area or landing, or a bad value."""


@njit(cache=True, _nrt=False)
def allowed(c, s, pr, action):
    """True if ``action`` for the pending decision respects the row's restrictions."""
    st = S.fields(s)
    kind = st.decision
    if kind == L.D_PLACE_DISC or kind == L.D_MANUEL_PLACE:
        num = A.placement_number(action)
        area = A.placement_area(action)
        lo = pr[R_NUM_AT_LEAST + area]
        hi = pr[R_NUM_BELOW + area]
        if lo > 0 and num < lo:
            return False
        return not (hi > 0 and num >= hi)
    if kind == L.D_ACT:
        if action == L.GIVE_UP:
            return True
        if pr[R_NEVER_PAY] > 0 and st.right_to_act_cost > 0:
            return False
        area = st.number_area[st.called_number]
        if area == L.A_CHARACTERS and A.is_host(action):
            return pr[R_NEVER_HOST + A.hosted_character(action)] <= 0
        if area == L.A_NAVIGATION:
            return pr[R_LAND_FORBID + A.expedition_landing(action)] <= 0
        return True
    if kind == L.D_SEND_MERCHANT:
        return pr[R_LAND_FORBID + A.merchant_landing(action)] <= 0
    return True


@njit(cache=True, _nrt=False)
def filter_legal(c, s, pr, legal, n, out):
    """Copy the allowed legal actions to ``out``; returns how many (all of them if none is).

    A mandate (always host a character) keeps only the mandated actions when one is legal.
    """
    st = S.fields(s)
    m = 0
    for i in range(n):
        if allowed(c, s, pr, legal[i]):
            out[m] = legal[i]
            m += 1
    if st.decision == L.D_ACT and st.number_area[st.called_number] == L.A_CHARACTERS:
        k = 0
        for i in range(m):
            a = out[i]
            if A.is_host(a) and pr[R_ALWAYS_HOST + A.hosted_character(a)] > 0:
                out[k] = a
                k += 1
        if k > 0:
            return k
    if m == 0:
        for i in range(n):
            out[i] = legal[i]
        m = n
    return m


# --- Python side -----------------------------------------------------------------------------
_CHAR_ALIASES = {
    "dias": 0,
    "bartolomeu dias": 0,
    "bartolomeu_dias": 0,
    "alvares": 1,
    "francisco alvares": 1,
    "francisco_alvares": 1,
    "sernigi": 2,
    "girolamo sernigi": 2,
    "girolamo_sernigi": 2,
    "manuel": 3,
    "manuel i": 3,
    "manuel_i": 3,
}


def _norm(text: str) -> str:
    return " ".join(str(text).strip().lower().replace("-", " ").split())


def character_index(name: str) -> int:
    """Index of a character from any of its names ("Manuel I", "manuel", "manuel_i", ...)."""
    key = _norm(name)
    if key in _CHAR_ALIASES:
        return _CHAR_ALIASES[key]
    if key.replace(" ", "_") in _CHAR_ALIASES:
        return _CHAR_ALIASES[key.replace(" ", "_")]
    raise RestrictionError(f"unknown character {name!r}; known: {', '.join(CHARACTER_AXIS)}")


def area_index(name: str) -> int:
    """Index of an Area ("navigation", "Purchase Projects", "purchase", ...)."""
    key = _norm(name).replace(" ", "_")
    aliases = {"purchase_projects": "purchase", "recruit": "recruiting"}
    key = aliases.get(key, key)
    if key in AREA_AXIS:
        return AREA_AXIS.index(key)
    raise RestrictionError(f"unknown Area {name!r}; known: {', '.join(AREA_AXIS)}")


def landing_index(name: str) -> int:
    """Index of a landing ("calicut", "Terra de Boa Gente", ...)."""
    key = _norm(name).replace(" ", "_")
    if key in LANDING_AXIS:
        return LANDING_AXIS.index(key)
    raise RestrictionError(f"unknown landing {name!r}; known: {', '.join(LANDING_AXIS)}")


def _names(value: str | Iterable[str]) -> list[str]:
    if isinstance(value, str):
        return [v for v in value.replace("/", ",").split(",") if v.strip()]
    return list(value)


def _number(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise RestrictionError(f"{what}: a sequence number must be an integer, got {value!r}")
    if not 1 <= int(value) <= 23:
        raise RestrictionError(f"{what}: sequence number {value} is outside 1..23")
    return int(value)


def restrict(
    row: np.ndarray,
    *,
    never_host: str | Iterable[str] = (),
    always_host: str | Iterable[str] = (),
    never_pay: bool = False,
    numbers_at_least: dict[str, int] | None = None,
    numbers_below: dict[str, int] | None = None,
    only_landings: str | Iterable[str] | None = None,
    never_landings: str | Iterable[str] = (),
) -> np.ndarray:
    """A copy of a player's parameter row with restrictions added.

    ``never_host`` / ``always_host``: characters never hosted / hosted whenever a Characters
    action allows it. ``never_pay``: never pays a right-to-act cost (gives up instead).
    ``numbers_at_least={"navigation": 10}``: discs placed in that Area carry numbers >= 10;
    ``numbers_below={"purchase": 6}``: numbers < 6 there. ``only_landings``: ships (the
    player's and the merchant ships he sends) go only to these landings; ``never_landings``:
    never to these.
    """
    out = np.array(row, dtype=np.float64, copy=True)
    for name in _names(never_host):
        out[R_NEVER_HOST + character_index(name)] = 1.0
    for name in _names(always_host):
        out[R_ALWAYS_HOST + character_index(name)] = 1.0
    for k in range(len(CHARACTER_AXIS)):
        if out[R_NEVER_HOST + k] > 0 and out[R_ALWAYS_HOST + k] > 0:
            raise RestrictionError(f"{CHARACTER_AXIS[k]} cannot be both never and always hosted")
    if never_pay:
        out[R_NEVER_PAY] = 1.0
    for area, v in (numbers_at_least or {}).items():
        out[R_NUM_AT_LEAST + area_index(area)] = _number(v, f"numbers_at_least[{area}]")
    for area, v in (numbers_below or {}).items():
        out[R_NUM_BELOW + area_index(area)] = _number(v, f"numbers_below[{area}]")
    if only_landings is not None:
        keep = {landing_index(x) for x in _names(only_landings)}
        if not keep:
            raise RestrictionError("only_landings must name at least one landing")
        for k in range(len(LANDING_AXIS)):
            if k not in keep:
                out[R_LAND_FORBID + k] = 1.0
    for name in _names(never_landings):
        out[R_LAND_FORBID + landing_index(name)] = 1.0
    if all(out[R_LAND_FORBID + k] > 0 for k in range(len(LANDING_AXIS))):
        raise RestrictionError("every landing is forbidden")
    out[R_ANY] = 1.0 if np.any(out[R_NEVER_HOST:R_ANY] != 0) else 0.0
    return out


def _area_number(text: str, key: str) -> tuple[str, int]:
    if ":" not in text:
        raise RestrictionError(
            f"{key} expects AREA:NUMBER (e.g. {key}=navigation:10), got {text!r}"
        )
    area, num = text.split(":", 1)
    try:
        return area, int(num)
    except ValueError:
        raise RestrictionError(f"{key}: {num!r} is not an integer") from None


def apply_restriction_text(row: np.ndarray, text: str) -> np.ndarray:
    """Apply one ``key[=value]`` term of the name syntax (see the module docstring)."""
    key, _, value = text.partition("=")
    key = key.strip().lower()
    value = value.strip()
    if key == "never_pay":
        if value not in ("", "1", "true", "yes"):
            raise RestrictionError(f"never_pay takes no value, got {value!r}")
        return restrict(row, never_pay=True)
    if not value:
        raise RestrictionError(f"restriction {key!r} needs a value ({key}=...)")
    if key == "never_host":
        return restrict(row, never_host=value)
    if key == "always_host":
        return restrict(row, always_host=value)
    if key in ("at_least", "numbers_at_least"):
        area, num = _area_number(value, key)
        return restrict(row, numbers_at_least={area: num})
    if key in ("below", "numbers_below"):
        area, num = _area_number(value, key)
        return restrict(row, numbers_below={area: num})
    if key == "only_landings":
        return restrict(row, only_landings=value)
    if key == "never_landings":
        return restrict(row, never_landings=value)
    raise RestrictionError(
        f"unknown restriction or parameter {key!r}; restrictions: never_host, always_host, "
        "never_pay, at_least, below, only_landings, never_landings; parameters: the names of a "
        "preset file's [params] (docs/strategies.md)"
    )
