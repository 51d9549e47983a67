# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#   kernelspec:
#     display_name: Python 3
#     name: python3
# ---

# %% [markdown]
# Score three category inducers on one corpus, with a 95% bootstrap interval
# for every measure and a paired test against the best model, collect the
# numbers in a pandas DataFrame and plot them. Everything runs on the seeded
# demo corpus: the same seed gives the same numbers.

# %%
import pandas as pd

import induceval

corpus = induceval.generate_demo_corpus(n_sentences=400, seed=1)
print(corpus.n_sentences, "sentences,", len(corpus.inventory("upos")), "UD tags")

# %% [markdown]
# Three systems: Brown clustering, exchange clustering (the mkcls baseline of
# the PASCAL 2012 challenge) and the random baseline, each with as many
# clusters as there are gold tags.

# %%
k = len(corpus.inventory("upos"))
systems = {name: induceval.induce_tags(corpus, name, k=k, seed=1).tags
           for name in ("brown", "exchange", "random")}

# %% [markdown]
# `evaluate_tag_systems` scores every system against the gold in one pass.
# `items="sentence"` keeps per-sentence statistics, which the bootstrap
# resamples: `resample` gives percentile intervals, `compare` paired tests
# (here approximate randomization) against a baseline on the same sentences.

# %%
evaluation = induceval.evaluate_tag_systems(corpus, list(systems.values()),
                                            gold_column="upos", items="sentence",
                                            names=tuple(systems))
results = dict(evaluation)                    # system name -> its result
print(evaluation.to_pandas()[["system", "m1", "1to1", "vi", "v"]].round(3))
intervals = {name: induceval.resample(r, n=300, seed=7).intervals for name, r in results.items()}
tests = induceval.compare(results["brown"], [results["exchange"], results["random"]],
                          test="ar", n=300, seed=7)
print(results["brown"].signature)

# %% [markdown]
# `to_pandas()` above gives one row per system. For the plot, a long frame with
# one row per (system, measure): the score, the interval and the measure's
# direction from the registry `induceval.MEASURES`.

# %%
rows = []
for name, result in results.items():
    for measure, score in result.scores.items():
        if measure not in induceval.MEASURES:
            continue
        ci = intervals[name][measure]
        rows.append({"system": name, "measure": measure, "score": score,
                     "low": ci.low, "high": ci.high,
                     "higher_is_better": induceval.MEASURES[measure].higher_is_better})
frame = pd.DataFrame(rows)
wide = frame.pivot(index="measure", columns="system", values="score")
print(wide.loc[["m1", "1to1", "vi", "v", "pf"]].round(3))

p_values = pd.DataFrame({name: t.p_value for name, t in zip(("exchange", "random"), tests)})
print(p_values.loc[["m1", "1to1", "v"]].round(4))

# %% [markdown]
# A plot of four measures with their intervals as error bars (`induceval.plot`).

# %%
shown = ["m1", "1to1", "v", "pf"]
fig = induceval.plot.scores(results, shown, intervals=intervals)   # a matplotlib Figure
fig.savefig("three_systems.png", dpi=100)
print("wrote three_systems.png")

# %% [markdown]
# Brown and exchange clustering beat the random baseline on every measure, and
# the paired tests say so at the smallest p-value 300 resamples allow,
# 1/301. Between Brown and exchange, look at the p-values before reading
# anything into a gap of a point or two.

# %%
assert (wide.loc["m1", "brown"] > wide.loc["m1", "random"]
        and wide.loc["m1", "exchange"] > wide.loc["m1", "random"])
assert p_values.loc["m1", "random"] < 0.05
