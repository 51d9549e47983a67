"""The registries: every family declares its measures as records, and a token measure
added as one record reaches the scores, the intervals and the command line."""

from __future__ import annotations

import json

import numpy as np
import pytest

from induceval.measures import FAMILIES, MEASURES, family
from induceval.measures.categories import evaluate_tags
from induceval.measures.categories import measures as registry
from induceval.measures.resampling import resample
from induceval.measures.result import Measure


def test_every_family_declares_its_records_and_the_union_holds_them_all():
    seen = {}
    for name in FAMILIES:
        records = family(name).measures
        assert records, name
        for m in records:
            assert isinstance(m, Measure) and m.family == name
            assert m.low < m.high and m.reference
            seen[m.name] = m
    assert seen == MEASURES
    assert MEASURES["wopa"].high == 1          # a proportion, not percent


def _nmi(q):
    # I(C;K) / sqrt(H(C) H(K)) in nats, 1 when either entropy is 0 (as homogeneity)
    den = np.sqrt(q.hc_e * q.hk_e)
    return np.where(den == 0, 1.0, q.mi_e / np.where(den == 0, 1.0, den))


@pytest.fixture
def nmi(monkeypatch):
    """NMI registered as one more record of the token registry, as a developer adds it."""
    record = Measure("nmi", "token", True, 0, 1, "normalized mutual information "
                     "(geometric mean)", "Strehl & Ghosh 2002", "tags", _nmi)
    monkeypatch.setattr(registry, "TOKEN", registry.TOKEN + (record,))
    monkeypatch.setitem(registry.TOKEN_BY_NAME, "nmi", record)
    monkeypatch.setitem(registry.MEASURES, "nmi", record)
    return record


def test_a_token_measure_added_as_one_record_is_scored_and_resampled(nmi):
    from sklearn.metrics import normalized_mutual_info_score

    rng = np.random.default_rng(3)
    gold = rng.integers(0, 5, 400)
    pred = (gold + (rng.random(400) < 0.3) * rng.integers(0, 7, 400)) % 7
    r = evaluate_tags(gold, pred, punct="keep", items=np.arange(400) // 8)
    # reference: scikit-learn's NMI with the geometric mean
    want = normalized_mutual_info_score(gold, pred, average_method="geometric")
    assert r.scores["nmi"] == pytest.approx(want, abs=1e-12)
    iv = resample(r, n=60, seed=2).intervals["nmi"]
    assert iv.estimate == pytest.approx(want, abs=1e-12) and iv.low <= iv.high


def test_a_token_measure_added_as_one_record_is_a_column_of_eval_tags(nmi, tmp_path):
    from induceval.cli.main import main

    gold = tmp_path / "g.conllu"
    gold.write_text("1\tthe\t_\tDET\t_\t_\t2\tdet\t_\t_\n2\tdog\t_\tNOUN\t_\t_\t0\troot\t_\t_\n"
                    "\n1\ta\t_\tDET\t_\t_\t2\tdet\t_\t_\n2\tcat\t_\tNOUN\t_\t_\t0\troot\t_\t_\n\n",
                    encoding="utf-8")
    out = tmp_path / "t.json"
    assert main(["eval", "tags", "--gold", str(gold), "--pred", str(gold), "--allow-identical",
                 "--format", "json", "-o", str(out)]) == 0
    assert "nmi" in json.dumps(json.loads(out.read_text(encoding="utf-8")))
