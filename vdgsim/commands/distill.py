"""`vdg distill`: expert iteration for a game's learned player (docs/learned.md): Vasco da
Gama's Phase 2 actions, or (``--game goa``) Goa's marker placements.

Each iteration plays the current learned player against the opponent preset, labels every
legal action of its decisions with search values (the game's kit,
:class:`vdgsim.core.linear_policy.DistillKit`), fits the weights on the positions of every
iteration so far, games held out (:func:`vdgsim.core.linear_policy.fit`), scores the fit on the
held-out games' positions, plays the new player against three opponents on held-out seeds, and
writes the weights as a preset file with their provenance; the next iteration collects with
that player. ``--refine`` then moves the last iteration's weights up the win share itself
(:func:`vdgsim.core.linear_policy.refine`) and writes them as ``iter-K/refined.toml``; with
``--refine-block`` it moves another block of weights instead (for a block with hidden units,
after fitting the units to an earlier folder's labels, ``--hidden-labels``:
:mod:`vdgsim.core.hidden_layer`).

The out folder holds everything and is how the command resumes: ``distill.json`` (the
settings; a rerun must give the same ones), ``iter-K/positions/*.parquet`` (one file per chunk
of games; a chunk on disk is not played again), ``iter-K/learned.toml``,
``iter-K/report.json``, and after ``--refine`` ``iter-K/refined.toml`` and
``iter-K/refine.json``. Bad input prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import contextlib
import functools
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from vdgsim.commands.common import (
    DEFAULT_GAME,
    DataOption,
    GameOption,
    InputError,
    ProgressBarOption,
    SetOption,
    check_out_file,
    check_player_count,
    game_components,
    note,
    positions_progress,
    prepare,
    seed_option,
    stop_on_interrupt,
)
from vdgsim.core.plug import game_of
from vdgsim.games.vasco.game import MAX_SEED

CHUNK_GAMES = 5  # games per positions file: what an interrupted run loses at most
HOLDOUT_EVERY = 5  # game g is held out of the fit when g % 5 == 4
SETTINGS_FILE = "distill.json"
REFINE_SEED = 1_500_000_000
SCALE_GAMES = 20  # games whose decisions give a refined block's feature spreads


def _kit(game: str) -> Any:
    """The game's distillation kit (:attr:`vdgsim.core.plug.Game.distill_kit`)."""
    g = game_of(game)
    if g.distill_kit is None:
        raise InputError(f"vdg distill does not know {g.title}'s players (its plug has no kit)")
    return g.distill_kit()


def _row(kit: Any, name: str, players: int, option: str):
    """A preset's parameter row; a heuristic preset becomes the learned player that decides as
    it does (the kit's ``heuristic_weights``)."""
    if option == "--start" and "+" in name:
        # the presets written inherit the start player, and a preset file names a preset
        raise InputError(f"--start must be a preset name or file, not a changed player ({name!r})")
    try:
        row = kit.resolve(name, players)
    except ValueError as e:
        raise InputError(f"{option}: {e}") from None
    kind = int(row[kit.kind_column])
    if kind == kit.heuristic_kind and option == "--start":
        row = kit.as_learned(row)
    elif kind not in kit.scripted_kinds:
        # the labels replay every seat's player thousands of times per position
        raise InputError(f"{option} must be a preset (scripted or learned), not {name!r}")
    return row


def _check_out(out: Path) -> None:
    """Refuse, before any work, an out folder that is a file or lies below one."""
    if out.exists() and not out.is_dir():
        raise InputError(f"{out} is a file, not a folder; give a distillation folder")
    above = next((p for p in out.parents if p.exists()), None)
    if above is not None and not above.is_dir():
        raise InputError(f"cannot make {out}: {above} is a file, not a folder")


def _check_settings(
    out: Path, settings: dict[str, Any], may_hold: frozenset[str] = frozenset()
) -> None:
    """Write the settings of a new out folder, or check a resumed one's are the same; a new
    folder may already hold the entries ``may_hold`` (its parts, run alone before)."""
    path = out / SETTINGS_FILE
    if path.exists():
        try:
            old = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as e:
            raise InputError(f"{path} cannot be read ({e}); use a new out folder") from None
        differ = sorted(k for k in {*settings, *old} if old.get(k) != settings.get(k))
        if differ:
            raise InputError(
                f"{out} holds a distillation with other settings ({', '.join(differ)}); "
                "use a new out folder or the same options"
            )
        return
    if out.exists() and any(p.name not in may_hold for p in out.iterdir()):
        raise InputError(f"{out} exists and is not a distillation folder; use a new out folder")
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings, indent=2) + "\n")


def _shares(kit: Any, comp, player, opponents, players: int, per_seat: int, seed: int):
    """The player's win share in each of its games against ``players - 1`` copies of each
    opponent row in turn, every seat, ``per_seat // len(opponents)`` games (seeds from
    ``seed``) per opponent and seat: one array, opponent by opponent and seat by seat."""
    import numpy as np

    seeds = np.arange(seed, seed + per_seat // len(opponents), dtype=np.int64)
    shares = []
    for opponent in opponents:
        for seat in range(players):
            table = kit.lineup_table(player, opponent, players, seat)
            _, share = kit.play_games(comp, players, seeds, table)
            shares.append(share[:, seat])
    return np.concatenate(shares)


def _paired(kit: Any, comp, player, previous, opponents, players: int, games: int, seed: int):
    """Mean win share of ``player`` minus that of ``previous`` on the same games, with a 95%
    normal interval of the per-game differences."""
    import numpy as np

    per_seat = games // players
    d = _shares(kit, comp, player, opponents, players, per_seat, seed) - _shares(
        kit, comp, previous, opponents, players, per_seat, seed
    )
    half = 1.96 * float(d.std(ddof=1)) / float(np.sqrt(len(d))) if len(d) > 1 else float("nan")
    m = float(d.mean())
    return {"games": len(d), "difference": m, "low": m - half, "high": m + half}


def _evaluate(
    kit: Any, comp, player, opponents, players: int, games: int, seed: int
) -> dict[str, Any]:
    """The player's mean win share against ``players - 1`` copies of each opponent over
    ``games`` games, shared evenly among the opponents, seats rotated (each rotation and each
    opponent on the same seeds), with a Wilson 95% interval and each opponent's share."""
    import numpy as np

    from vdgsim.core.stats import wilson_interval

    per_seat = games // players
    shares = _shares(kit, comp, player, opponents, players, per_seat, seed)
    won, n = float(shares.sum()), len(shares)
    low, high = wilson_interval(won, n)
    return {
        "games": n,
        "win_share": won / n,
        "low": low,
        "high": high,
        "seeds": [seed, seed + n // (players * len(opponents)) - 1],
        "by_opponent": [round(float(part.mean()), 4) for part in np.split(shares, len(opponents))],
    }


def _kept() -> str:
    # the out folder is how a distillation resumes: the same command continues it
    again = shlex.join(["vdg", *sys.argv[1:]])
    return f"the finished chunks and iterations in the out folder are kept - continue with: {again}"


@stop_on_interrupt(_kept)
def distill(
    out: Annotated[
        Path,
        typer.Argument(
            help="Folder of the distillation (created; a folder "
            "with the same settings is continued)."
        ),
    ],
    start: Annotated[
        str,
        typer.Option(
            "--start",
            help="The first iteration's player: a learned preset (name or file), or a heuristic "
            "preset played as the learned player with its own rule as weights.",
        ),
    ] = "default",
    opponent: Annotated[
        str,
        typer.Option(
            "--opponent",
            help="Preset in the other seats, in play and in labels; several, comma-separated "
            "(default,baseline_v1), share the games evenly, each in every other seat of its own.",
        ),
    ] = "default",
    players: Annotated[
        str | None,
        typer.Option("--players", metavar="N", help="Number of players, 2 to 4.  [default: 4]"),
    ] = None,
    iterations: Annotated[
        int,
        typer.Option(
            "--iterations",
            help="Collect-fit-evaluate rounds (0: only refine the start player's "
            "--refine-block by play).",
            min=0,
            max=100,
        ),
    ] = 1,
    games: Annotated[
        int, typer.Option("--games", help="Games collected per iteration.", min=1)
    ] = 20,
    label_rollouts: Annotated[
        int,
        typer.Option(
            "--label-rollouts",
            help="Rollouts per legal action in a search label.",
            min=1,
            max=100_000,
        ),
    ] = 16,
    dets: Annotated[
        int, typer.Option("--dets", help="Distinct deals of the face-down piles.", min=1)
    ] = 32,
    temperature: Annotated[
        float,
        typer.Option(
            "--temperature",
            help="Softmax temperature of the labels in win share: small trusts the best "
            "label, large spreads the target over near-equal actions.",
            min=1e-4,
            max=10.0,
        ),
    ] = 0.05,
    l2: Annotated[
        float,
        typer.Option(
            "--l2", help="Pull of the fit towards the heuristic's own weights.", min=0.0, max=1e6
        ),
    ] = 0.01,
    play_games: Annotated[
        int,
        typer.Option(
            "--play-games",
            help="Games per iteration against the opponents on held-out seeds, seats rotated "
            "(0: no play evaluation).",
            min=0,
        ),
    ] = 400,
    seed: Annotated[
        int, seed_option("Seed of the first collected game (game i uses seed + i).")
    ] = 0,
    play_seed: Annotated[
        int, seed_option("First seed of the evaluation games (kept apart from collected ones).")
    ] = 1_000_000_000,
    refine: Annotated[
        int,
        typer.Option(
            "--refine",
            help="Then refine the last iteration's weights by play for this many generations "
            "(0: none).",
            min=0,
            max=10_000,
        ),
    ] = 0,
    refine_pairs: Annotated[
        int, typer.Option("--refine-pairs", help="Perturbation pairs per generation.", min=1)
    ] = 8,
    refine_games: Annotated[
        int,
        typer.Option("--refine-games", help="Games per candidate weights, seats rotated.", min=1),
    ] = 4000,
    refine_sigma: Annotated[
        float,
        typer.Option(
            "--refine-sigma",
            help="Size of a perturbation, in score units (see docs/learned.md).",
            min=1e-6,
            max=100.0,
        ),
    ] = 0.1,
    refine_step: Annotated[
        float,
        typer.Option("--refine-step", help="Step per unit of estimated gradient.", min=0.0),
    ] = 1.0,
    refine_seed: Annotated[
        int, seed_option("First seed of the refinement's games (generation g plays its own).")
    ] = REFINE_SEED,
    refine_block: Annotated[
        str | None,
        typer.Option(
            "--refine-block",
            help="Refine this other block of weights instead of the fitted ones (Vasco da "
            "Gama: place, the placement weights of the player count, from the heuristic's rule "
            "if it has none; act, a preset's Phase 2 weights, which every count shares; "
            "hidden, those and its hidden units' outputs (see --hidden-labels); Goa: "
            "markers, a preset's marker weights, or bids, its bid weights; both serve every "
            "player count).",
        ),
    ] = None,
    hidden_labels: Annotated[
        Path | None,
        typer.Option(
            "--hidden-labels",
            help="An earlier vdg distill out folder whose labelled positions the hidden units "
            "are fitted to before --refine-block hidden (without it, the start's units stay).",
        ),
    ] = None,
    hidden_units: Annotated[
        int,
        typer.Option("--hidden-units", help="Hidden units fitted to --hidden-labels.", min=1),
    ] = 16,
    hidden_l2: Annotated[
        float,
        typer.Option(
            "--hidden-l2",
            help="Pull of the units' fit towards 0 (small: units that follow the labels).",
            min=0.0,
            max=1e6,
        ),
    ] = 0.001,
    export: Annotated[
        Path | None,
        typer.Option("--export", help="Also write the last iteration's preset file here."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace --export if it exists.")] = False,
    progress: ProgressBarOption = True,
    data: DataOption = None,
    overrides: SetOption = None,
    game: GameOption = DEFAULT_GAME,
) -> None:
    """Distil search into the learned player (expert iteration): collect its Phase 2
    decisions against the opponent, label every legal action with rollouts, fit the weights,
    score them on held-out games, play them against the opponents, write them; repeat with the
    new player.

    With --game goa, the same for Goa's learned player, whose weights choose where it puts
    its auction markers."""
    kit = _kit(game)
    counts = [4]
    if players is not None:
        words = [w.strip() for w in players.split(",")]
        if not all(w.isdigit() for w in words):
            raise InputError(f"--players is a count (2 to 4) or several, got {players!r}")
        counts = sorted({check_player_count(int(w), game) for w in words})
    if len(counts) > 1 and not (iterations == 0 and refine_block is not None):
        raise InputError(
            "--players takes several counts only to refine a block at each "
            "(--iterations 0 --refine-block)"
        )
    # the fewest players play the most games per seat, the most players need the most games
    count, most = counts[0], counts[-1]
    collected = iterations * games
    if seed + collected - 1 > MAX_SEED:
        raise InputError(f"--seed + --iterations x --games - 1 must be at most {MAX_SEED}")
    names = [n.strip() for n in opponent.split(",")]
    if not all(names):
        raise InputError(f"--opponent is one preset or several, comma-separated; got {opponent!r}")
    least = most * len(names)  # a game per opponent and seat
    if play_games and play_games < least:
        raise InputError(f"--play-games must be 0 or at least --players x opponents ({least})")
    per_seat = play_games // count
    if play_games and not (play_seed + per_seat <= seed or play_seed > seed + collected - 1):
        raise InputError("--play-seed's games overlap the collected games' seeds; move it")
    if play_seed + per_seat - 1 > MAX_SEED:
        raise InputError(f"--play-seed + games per seat - 1 must be at most {MAX_SEED}")
    if refine_block is not None and refine_block not in kit.blocks:
        known = ", ".join(kit.blocks) or "none"
        raise InputError(f"--refine-block: unknown block {refine_block!r} (known: {known})")
    if len(counts) > 1 and not kit.blocks[refine_block].per_count:
        raise InputError(
            f"--refine-block {refine_block}: its weights serve every player count; "
            "refine them at one (--players N)"
        )
    if iterations == 0 and not (refine and refine_block is not None):
        raise InputError("--iterations 0 needs --refine and --refine-block")
    units = 0 if refine_block is None else kit.blocks[refine_block].units
    if hidden_labels is not None:
        if not (refine and units):
            raise InputError("--hidden-labels needs --refine and a block with units to fit")
        if not 1 <= hidden_units <= units:
            raise InputError(f"--hidden-units must be 1 to {units}, got {hidden_units}")
        if not any(hidden_labels.glob("iter-*/positions/*.parquet")):
            raise InputError(f"--hidden-labels: {hidden_labels} holds no labelled positions")
    if refine:
        if refine_games < least:
            raise InputError(f"--refine-games must be at least --players x opponents ({least})")
        span = refine * (refine_games // count)
        if refine_seed + span - 1 > MAX_SEED:
            raise InputError(f"--refine-seed + its games' seeds must be at most {MAX_SEED}")
        if not (refine_seed + span <= seed or refine_seed > seed + collected - 1) or (
            play_games
            and not (refine_seed + span <= play_seed or refine_seed >= play_seed + per_seat)
        ):
            raise InputError("--refine-seed's games overlap collected or evaluation seeds; move it")
    _check_out(out)
    if export is not None:
        if export.suffix.lower() != ".toml":
            raise InputError(f"--export must end in .toml, got {export}")
        # checked now: the copy is made only after every iteration has been played
        check_out_file(export, force, "--export")
    start_rows = {c: _row(kit, start, c, "--start") for c in counts}
    if (
        units
        and refine
        and hidden_labels is None
        and not kit.blocks[refine_block].ready(start_rows[count])
    ):
        raise InputError(
            f"--refine-block {refine_block}: {start} has no hidden units; fit them to "
            "labels with --hidden-labels (an earlier vdg distill out folder)"
        )
    opponents = {c: tuple(_row(kit, name, c, "--opponent") for name in names) for c in counts}
    comp = game_components(game, data, overrides)
    labelled = None if hidden_labels is None else _folder_settings(hidden_labels)
    if labelled is not None and labelled.get("data", comp.digest) != comp.digest:
        raise InputError(
            f"--hidden-labels: {hidden_labels} was labelled under other component data; "
            "label under the data this refinement plays"
        )
    settings = {
        "start": start,
        "opponent": opponent,
        "players": count,
        "games": games,
        "label_rollouts": label_rollouts,
        "dets": dets,
        "temperature": temperature,
        "l2": l2,
        "play_games": play_games,
        "seed": seed,
        "play_seed": play_seed,
        "data": comp.digest,
    }
    # --iterations is not among them: more iterations may be asked of a folder later
    if game != DEFAULT_GAME:
        # a folder of one game is not continued as another's (Vasco da Gama's folders have
        # no "game" setting, so that those written before there were two games still match)
        settings["game"] = game
    options: dict[str, Any] = {}
    if refine:
        options = {
            "refine": refine,
            "refine_pairs": refine_pairs,
            "refine_games": refine_games,
            "refine_sigma": refine_sigma,
            "refine_step": refine_step,
            "refine_seed": refine_seed,
        }
        if refine_block is not None:
            options["refine_block"] = refine_block
        if hidden_labels is not None:
            options["hidden_labels"] = str(hidden_labels)
            options["hidden_units"] = hidden_units
            options["hidden_l2"] = hidden_l2
    prepare(game, comp)
    extra = (data, overrides or [])
    if len(counts) == 1:
        _check_settings(out, settings)
        final = _distill_count(
            kit,
            out,
            start_rows[count],
            opponents[count],
            comp,
            settings,
            iterations,
            options,
            extra,
            progress,
        )
    else:
        final = _refine_counts(
            kit, out, counts, start_rows, opponents, comp, settings, options, extra, progress
        )
    if export is not None and final.exists():
        import shutil

        export.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(final, export)
        note(f"wrote {export}")


def _distill_count(
    kit, out, player, opp, comp, settings, iterations, options, extra, progress
) -> Path:
    """Iterations 1 to ``iterations`` at one player count, then the refinement of
    ``options`` (if any); returns the last preset written."""
    command = functools.partial(_command, out, settings, *extra)
    for it in range(1, iterations + 1):
        player, _ = _iteration(kit, out, it, player, opp, comp, settings, command, progress)
    final = out / f"iter-{iterations}" / "learned.toml"
    if options:
        final = _refine(kit, out, iterations, player, opp, comp, settings, options, command)
    return final


def _refine_counts(
    kit, out, counts, start_rows, opponents, comp, settings, options, extra, progress
) -> Path:
    """A block refined at each player count of ``counts``, each in its own folder
    ``players-N`` (a distillation of its own, which may also be run alone), then one preset
    with every count's weights, ``refined.toml``; returns its path."""
    from vdgsim.core.linear_policy import count_provenance

    every = {**settings, "players": ",".join(str(c) for c in counts)}
    _check_settings(out, every, frozenset(f"players-{c}" for c in counts))
    block = kit.blocks[options["refine_block"]]
    refined = {}
    for c in counts:
        one = {**settings, "players": c}
        sub = out / f"players-{c}"
        _check_settings(sub, one)
        path = _distill_count(
            kit, sub, start_rows[c], opponents[c], comp, one, 0, options, extra, progress
        )
        refined[c] = (block.weights_of(kit.resolve(str(path), c)), count_provenance(path, c))
    final = out / "refined.toml"
    command = _command(out, every, *extra, 0, options)
    for _, provenance in refined.values():
        # this command makes every count's weights again; players-N's own makes one count's
        provenance["command"] = command
    block.write_counts(final, settings["start"], start_rows[counts[0]], refined)
    note(f"wrote {final}")
    return final


def portable(path: Path | str) -> str:
    """A path as a command line to repeat elsewhere should name it: relative to the working
    folder when under it, else its last part (an absolute path names one machine's files)."""
    p = Path(path)
    if not p.is_absolute():
        return p.as_posix()
    try:
        return p.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return p.name


def _command(
    out: Path,
    settings: dict[str, Any],
    data: str | None,
    overrides: list[str],
    iterations: int,
    refine: dict[str, Any] | None = None,
) -> str:
    """The command that makes iteration ``iterations``'s weights again, every setting spelled
    out, paths as :func:`portable` gives them."""
    words = ["vdg", "distill", portable(out), "--iterations", str(iterations)]
    if "game" in settings:
        words += ["--game", settings["game"]]
    for key in ("start", "opponent"):
        value = settings[key]
        names = (portable(v) if v.endswith(".toml") else v for v in value.split(","))
        words += [f"--{key}", ",".join(names)]
    for key in ("players", "games", "label_rollouts", "dets", "temperature", "l2"):
        words += ["--" + key.replace("_", "-"), str(settings[key])]
    words += ["--play-games", str(settings["play_games"]), "--seed", str(settings["seed"])]
    words += ["--play-seed", str(settings["play_seed"])]
    if data is not None:
        words += ["--data", portable(data)]
    for item in overrides:
        words += ["--set", item]
    for key, value in (refine or {}).items():
        words += [
            "--" + key.replace("_", "-"),
            portable(value) if key == "hidden_labels" else str(value),
        ]
    return shlex.join(words)


def _refine(kit, out, it, player, opp, comp, settings, options, command) -> Path:
    """Refine iteration ``it``'s weights by play (:func:`vdgsim.core.linear_policy.refine`); write
    them as ``iter-K/refined.toml`` with the refinement's report; returns the preset's path.
    A refinement done before with the same options is read back; an interrupted one restarts."""
    import tomllib

    import numpy as np
    import polars as pl

    from vdgsim.core.linear_policy import feature_scale, refine

    folder = out / f"iter-{it}"
    preset_path = folder / "refined.toml"
    report_path = folder / "refine.json"
    done = report_path.exists() and preset_path.exists()
    if done and json.loads(report_path.read_text()).get("options") == options:
        note(f"refinement: done before, read from {preset_path}")
        return preset_path
    count = settings["players"]
    per_seat = options["refine_games"] // count
    block = kit.blocks.get(options.get("refine_block", ""))
    fitted_units = None
    if "hidden_labels" in options:
        player, fitted_units = _fit_units(kit, block, player, settings, options)
    if block is None:
        frames = [
            pl.read_parquet(p)
            for k in range(1, it + 1)
            for p in sorted((out / f"iter-{k}" / "positions").glob("*.parquet"))
        ]
        scale = feature_scale(kit.positions_of(pl.concat(frames)))
        start, with_weights = kit.weights_of(player), kit.with_weights
    else:
        first_game, k = settings["seed"], len(opp)
        # the sampled games share the opponents in turn, as collected games do
        sample = [
            block.sample(comp, player, o, count, range(first_game + j, first_game + SCALE_GAMES, k))
            for j, o in enumerate(opp)
        ]
        scale = feature_scale(np.concatenate(sample))
        start, with_weights = block.weights_of(player), block.with_weights
    first = options["refine_seed"]

    def play(w: np.ndarray, g: int) -> float:
        row = with_weights(player, w)
        seed = first + g * per_seat
        return float(_shares(kit, comp, row, opp, count, per_seat, seed).mean())

    trajectory: list[list[float]] = []

    def seen(g: int, w: np.ndarray) -> None:
        trajectory.append([float(v) for v in w])
        note(f"refinement: generation {g + 1} of {options['refine']}")

    t0 = time.perf_counter()
    w = refine(
        play,
        start,
        scale,
        options["refine"],
        options["refine_pairs"],
        options["refine_sigma"],
        options["refine_step"],
        seed=options["refine_seed"],
        on_generation=seen,
    )
    report: dict[str, Any] = {
        "iteration": it,
        "options": options,
        "scale": scale.tolist(),
        "start": start.tolist(),
        "weights": trajectory,
        "refine_seconds": round(time.perf_counter() - t0, 1),
    }
    if fitted_units is not None:
        report["hidden_units"] = fitted_units
    row = with_weights(player, w)
    fitted = folder / "learned.toml"
    # refining the start player alone (--iterations 0): no fit to describe
    provenance = (
        tomllib.loads(fitted.read_text())["learned"]["provenance"]
        if fitted.exists()
        else {"start": settings["start"], "players": count, "opponent": settings["opponent"]}
    )
    # the fit's agreement and win share describe the weights refined, not these
    for key in ("held_out_agreement", "win_share", "win_share_games"):
        provenance.pop(key, None)
    provenance["command"] = command(it, options)
    provenance.update(options)
    if fitted_units is not None:
        provenance["hidden_labels"] = portable(options["hidden_labels"])
        provenance["hidden_positions"] = fitted_units["positions"]
        if "labels_command" in fitted_units:
            provenance["hidden_labels_command"] = fitted_units["labels_command"]
    if settings["play_games"]:
        args = (comp, row, opp, count, settings["play_games"], settings["play_seed"])
        report["play"] = _evaluate(kit, *args)
        report["play_fit"] = _evaluate(kit, comp, player, *args[2:])
        report["paired"] = _paired(kit, comp, row, player, *args[2:])
        provenance["win_share"] = round(report["play"]["win_share"], 4)
        provenance["win_share_games"] = report["play"]["games"]
    folder.mkdir(parents=True, exist_ok=True)
    if block is None:
        kit.write_preset(preset_path, row, provenance, settings["start"])
    else:
        # weights refined at one player count are that count's; the others keep the start's
        refined = {count: (w, provenance)}
        fit = (
            tomllib.loads(fitted.read_text())["learned"]["provenance"] if fitted.exists() else None
        )
        block.write_counts(preset_path, settings["start"], player, refined, fit)
    report_path.write_text(json.dumps(report, indent=2).replace("NaN", "null") + "\n")
    line = f"refinement of iteration {it}: {options['refine']} generations"
    if "play" in report:
        p, d = report["play"], report["paired"]
        line += (
            f"; win share vs opponents {p['win_share']:.3f} [{p['low']:.3f}, {p['high']:.3f}] "
            f"(before {report['play_fit']['win_share']:.3f}; paired difference "
            f"{d['difference']:+.3f} [{d['low']:+.3f}, {d['high']:+.3f}]) over {p['games']} games"
        )
        line += _each(p)
    typer.echo(line)
    return preset_path


def _folder_settings(folder: Path) -> dict[str, Any] | None:
    """The settings of an earlier distillation folder, or None when it has none readable."""
    try:
        return json.loads((folder / SETTINGS_FILE).read_text())
    except (OSError, json.JSONDecodeError):
        return None


def _fit_units(kit, block, player, settings, options):
    """``player`` with the block's units fitted to the labelled positions of the folder
    ``options["hidden_labels"]`` (its games held out of a fit are left out here too), and
    what the fit used."""
    import polars as pl

    folder = Path(options["hidden_labels"])
    files = sorted(folder.glob("iter-*/positions/*.parquet"))
    labels = _folder_settings(folder)
    try:
        table = pl.read_parquet(files).filter(pl.col("game") % HOLDOUT_EVERY != HOLDOUT_EVERY - 1)
        data = kit.positions_of(table)
    except (pl.exceptions.PolarsError, OSError) as e:
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise InputError(
            f"--hidden-labels: {folder} holds no {kit.decision} labels ({first})"
        ) from None
    if data.count == 0:
        raise InputError(f"--hidden-labels: {folder} holds no positions outside held-out games")
    note(f"refinement: fitting {options['hidden_units']} hidden units to {data.count} positions")
    t0 = time.perf_counter()
    row = block.fit_units(
        player,
        data,
        options["hidden_units"],
        options["hidden_l2"],
        settings["temperature"],
        options["refine_seed"],
    )
    used: dict[str, Any] = {
        "positions": data.count,
        "files": len(files),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    if labels is not None:
        done = len({p.parent.parent.name for p in files})
        # settings of another form: the positions are all there is to say
        with contextlib.suppress(KeyError):
            used["labels_command"] = _command(folder, labels, None, [], done)
    return row, used


def _iteration(kit, out, it, player, opp, comp, settings, command, progress):
    """Collect, fit, score and evaluate iteration ``it``; returns (its player row, report)."""
    import polars as pl

    from vdgsim.core.linear_policy import fit, score

    folder = out / f"iter-{it}"
    report_path = folder / "report.json"
    preset_path = folder / "learned.toml"
    if report_path.exists() and preset_path.exists():
        done = kit.resolve(str(preset_path), settings["players"])
        row = kit.with_weights(player, kit.weights_of(done))
        note(f"iteration {it}: done before, read from {folder}")
        return row, json.loads(report_path.read_text())
    count = settings["players"]
    games = settings["games"]
    first = settings["seed"] + (it - 1) * games  # iteration it plays its own seeds
    cs = kit.collect_settings(count, first, settings["label_rollouts"], settings["dets"], 0.01, it)
    pos_dir = folder / "positions"
    pos_dir.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    with positions_progress(f"iteration {it}", games, progress) as update:
        seen = [0]

        def tick() -> None:
            seen[0] += 1
            update(positions=seen[0])

        for g0 in range(0, games, CHUNK_GAMES):
            g1 = min(games, g0 + CHUNK_GAMES)
            path = pos_dir / f"games-{g0:06d}-{g1 - 1:06d}.parquet"
            if not path.exists():
                # game g meets opponent g mod k
                k = len(opp)
                parts = [
                    kit.collect_games(cs, player, o, range(g0 + (j - g0) % k, g1, k), comp, tick)
                    for j, o in enumerate(opp)
                ]
                table = pl.concat(parts).sort("game", maintain_order=True)
                tmp = path.with_name(f".{path.name}.tmp")
                table.write_parquet(tmp)
                tmp.replace(path)
            update(completed=g1)
    collect_seconds = time.perf_counter() - t0
    # every iteration's positions so far: the fit learns from the searches of all of them
    frames = [
        pl.read_parquet(p)
        for k in range(1, it + 1)
        for p in sorted((out / f"iter-{k}" / "positions").glob("*.parquet"))
    ]
    data = pl.concat(frames)
    held = (pl.col("game") % HOLDOUT_EVERY) == HOLDOUT_EVERY - 1
    train, test = kit.positions_of(data.filter(~held)), kit.positions_of(data.filter(held))
    prior = kit.heuristic_weights(player)
    t1 = time.perf_counter()
    w = fit(train, prior, settings["temperature"], settings["l2"])
    fit_seconds = time.perf_counter() - t1
    row = kit.with_weights(player, w)
    report: dict[str, Any] = {
        "iteration": it,
        "positions": int(data.select(pl.struct("iteration", "game", "position").n_unique()).item()),
        "actions": data.height,
        "train": {
            "heuristic": score(train, prior),
            "previous": score(train, kit.weights_of(player)),
            "fit": score(train, w),
        },
        "held_out": {
            "heuristic": score(test, prior),
            "previous": score(test, kit.weights_of(player)),
            "fit": score(test, w),
        },
        "collect_seconds": round(collect_seconds, 1),
        "fit_seconds": round(fit_seconds, 2),
    }
    if settings["play_games"]:
        t2 = time.perf_counter()
        args = (comp, row, opp, count, settings["play_games"], settings["play_seed"])
        report["play"] = _evaluate(kit, *args)
        report["play_previous"] = _evaluate(kit, comp, player, *args[2:])
        report["play_seconds"] = round(time.perf_counter() - t2, 1)
    provenance = {
        "command": command(it),
        "iteration": it,
        "games": it * games,
        "seeds": [settings["seed"], settings["seed"] + it * games - 1],
        "players": count,
        "opponent": settings["opponent"],
        "start": settings["start"],
        "label_rollouts": settings["label_rollouts"],
        "dets": settings["dets"],
        "temperature": settings["temperature"],
        "l2": settings["l2"],
        "positions": report["positions"],
        "held_out_agreement": round(report["held_out"]["fit"]["agreement"], 4),
        "data": settings["data"],
    }
    if "play" in report:
        provenance["win_share"] = round(report["play"]["win_share"], 4)
        provenance["win_share_games"] = report["play"]["games"]
    kit.write_preset(preset_path, row, provenance, settings["start"])
    # a score without held-out positions is NaN, which JSON does not have: null
    text = json.dumps(report, indent=2).replace("NaN", "null")
    report_path.write_text(text + "\n")
    _print(report)
    return row, report


def _print(report: dict[str, Any]) -> None:
    it = report["iteration"]
    fitted, base = report["held_out"]["fit"], report["held_out"]["heuristic"]
    line = f"iteration {it}: {report['positions']} positions; held out: "
    if fitted["positions"]:
        line += (
            f"agreement {fitted['agreement']:.3f} (heuristic {base['agreement']:.3f}), regret "
            f"{fitted['regret']:.4f} (heuristic {base['regret']:.4f})"
        )
    else:
        line += f"none (game g is held out when g mod {HOLDOUT_EVERY} = {HOLDOUT_EVERY - 1})"
    if "play" in report:
        p, q = report["play"], report["play_previous"]
        line += (
            f"; win share vs opponents {p['win_share']:.3f} [{p['low']:.3f}, {p['high']:.3f}] "
            f"(previous {q['win_share']:.3f}) over {p['games']} games"
        )
        line += _each(p)
    typer.echo(line)


def _each(play: dict[str, Any]) -> str:
    """Each opponent's win share of an evaluation against several, or nothing."""
    each = play.get("by_opponent", [])
    return f" (each opponent: {', '.join(f'{v:.3f}' for v in each)})" if len(each) > 1 else ""
