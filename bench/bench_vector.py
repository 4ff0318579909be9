"""``koloda.envs.VectorEnv`` against PettingZoo's classic card environments and RLCard's,
in one run: ``python bench/bench_vector.py [SECONDS] [NUM_ENVS] [ROUNDS]`` (``pip install
'.[research,bench]'``).

Steps per second of each loop, every loop on one core, every decision a uniformly random
legal action:
- ``VectorEnv(game, NUM_ENVS)``: one ``step`` applies an action in each of the N games and
  returns the new observations, masks, rewards and dones (N steps); the actions come from
  ``env.sample(rng)`` (a uniform legal index per game, drawn natively from the mask), and
  the time in ``step`` alone is printed too;
- PettingZoo ``texas_holdem_v4`` and ``leduc_holdem_v4`` (RLCard inside): the AEC loop,
  ``last()`` then ``step()`` (one step each);
- RLCard ``leduc-holdem``, ``limit-holdem``, ``uno`` and ``doudizhu``: ``env.step`` with a
  random legal action (observations are built by every step there too).
Ratios are taken within the run: the machine is shared and its load moves the absolute
figures.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

import numpy as np
from rich.progress import track

from koloda.envs import VectorEnv

Loop = Callable[[float], float]
IN_STEP: dict[str, float] = {}
"""Steps per second of ``VectorEnv.step`` alone (the random choice left out)."""


def vector_loop(game: str, num_envs: int) -> Loop:
    def run(seconds: float) -> float:
        env = VectorEnv(game, num_envs, seed=1)
        env.reset()
        rng = np.random.default_rng(0)
        steps = 0
        stepping = 0.0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            choice = env.sample(rng)
            before = time.perf_counter()
            env.step(choice)
            stepping += time.perf_counter() - before
            steps += num_envs
        IN_STEP[game] = steps / stepping
        return steps / (time.perf_counter() - started)

    return run


def pettingzoo_loop(name: str) -> Loop | None:
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except ImportError:
        return None
    module = {"texas_holdem_v4": texas_holdem_v4, "leduc_holdem_v4": leduc_holdem_v4}[name]

    def run(seconds: float) -> float:
        env = module.env()
        env.reset(seed=0)
        rng = np.random.default_rng(0)
        steps = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                mask = observation["action_mask"]
                env.step(int((rng.random(mask.shape) * mask).argmax()))
                steps += 1
            env.reset()
        return steps / (time.perf_counter() - started)

    return run


def rlcard_loop(name: str) -> Loop | None:
    try:
        import rlcard
    except ImportError:
        return None

    def run(seconds: float) -> float:
        env = rlcard.make(name, config={"seed": 0})
        rng = np.random.default_rng(0)
        steps = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps / (time.perf_counter() - started)

    return run


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    num_envs = int(sys.argv[2]) if len(sys.argv) > 2 else 256
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    ours: dict[str, Loop] = {
        f"koloda VectorEnv {game} (N={num_envs})": vector_loop(game, num_envs)
        for game in ("spades", "king", "tressette", "hundred_one")
    }
    theirs: dict[str, Loop | None] = {
        "PettingZoo texas_holdem_v4": pettingzoo_loop("texas_holdem_v4"),
        "PettingZoo leduc_holdem_v4": pettingzoo_loop("leduc_holdem_v4"),
        "RLCard leduc-holdem": rlcard_loop("leduc-holdem"),
        "RLCard limit-holdem": rlcard_loop("limit-holdem"),
        "RLCard uno": rlcard_loop("uno"),
        "RLCard doudizhu": rlcard_loop("doudizhu"),
    }
    for name, loop in theirs.items():
        if loop is None:
            print(f"{name:<44} not installed (pip install '.[bench]')")
    loops = {name: loop for name, loop in {**ours, **theirs}.items() if loop is not None}
    # Every loop runs once a round, the rounds one after another, and each loop's figure is
    # its median over the rounds: a burst of load elsewhere on the machine then moves one
    # round of every loop alike instead of the whole figure of one.
    samples: dict[str, list[float]] = {name: [] for name in loops}
    in_step: dict[str, list[float]] = {}
    for _ in track(range(rounds), description="rounds", transient=True):
        for name, loop in loops.items():
            samples[name].append(loop(seconds))
            game = name.split()[2] if name in ours else ""
            if game in IN_STEP:
                in_step.setdefault(game, []).append(IN_STEP[game])
    rates = {name: statistics.median(values) for name, values in samples.items()}
    print(f"steps per second, median of {rounds} rounds of {seconds:g} s per loop:")
    for name, rate in rates.items():
        game = name.split()[2] if name in ours else ""
        alone = (
            f"  ({statistics.median(in_step[game]):,.0f} in step alone)" if game in in_step else ""
        )
        print(f"{name:<44} {rate:>12,.0f} steps/s{alone}", flush=True)
    others = {name: rate for name, rate in rates.items() if name in theirs}
    if not others:
        return
    print()
    print("ratios (VectorEnv steps/s, the whole loop with its random choice, over theirs):")
    header = " " * 44 + "".join(f"{name.split()[-1]:>16}" for name in others)
    print(header)
    for name in ours:
        cells = "".join(f"{rates[name] / rate:>15.1f}x" for rate in others.values())
        print(f"{name:<44}{cells}")


if __name__ == "__main__":
    main()
