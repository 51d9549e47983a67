"""The documentation entry of every measure: its formula, edge cases and where it comes from.

Keyed by the names of :data:`induceval.measures.MEASURES`; direction, bounds,
level and the short reference are read from the registry itself.  The build
stops on a measure that has no entry here, and ``tests/test_docs.py`` fails on
one (and on an entry for a measure that does not exist).

Notation of the category measures: ``C`` the gold classes, ``K`` the induced
clusters, ``n_ck`` the tokens of class ``c`` in cluster ``k``, ``n_c`` and
``n_k`` the margins, ``N`` the scored tokens; entropies in the log base
(``log_base``, bits by default).
"""

_NAN = "no scored token (:math:`N = 0`): ``nan``"
_TYPE_EDGE = ("no scored token: ``nan``. Unclustered words are merged into one extra "
              "cluster (``unclustered=merge``) or get a cluster per type (``split``).")
_MAPPING_1TO1 = ("The mapping :math:`h` is a maximum-weight matching of clusters to classes "
                 "(Kuhn-Munkres); unmapped clusters count separately in "
                 ":math:`|h(B_i)|`, so :math:`|h(B_i)| = |B_i|`.")
_MAPPING_M1 = ("The mapping :math:`h` sends every cluster to a class: the best of "
               "``restarts`` hill climbs from random starts (default 10, Reichart et al. "
               "2010, §5.2), seeded.")
_TYPE_NOTE = ("Each word type :math:`i` has a gold entry :math:`A_i` (the classes it "
              "appears with) and an induced entry :math:`B_i` (the clusters it appears "
              "with); :math:`IM_i = |A_i \\cap h(B_i)|` and :math:`l` is the number of types.")
_SUBST_NOTE = ("S-clusters :math:`s` come from the frames ``a _ b`` of a separate test corpus "
               "that occur in training and at least twice in the test corpus; every word "
               "carries its model cluster (``word|cluster``). :math:`c` ranges over the "
               "model's clusters, sized in training tokens by default (``cluster_size``).")
_DEP_NOTE = ("Token :math:`d` has gold head :math:`G(d)` and predicted head :math:`P(d)` "
             "(1-based, 0 the artificial root, -1 missing); a token is scored when its gold "
             "head is not missing, after punctuation removal with re-attachment and the "
             "length filter.")
_PSEUDO_NOTE = ("Each test item pairs an original (verb, relation, noun) with a confounder "
                "noun; a model decides for the original (correct), the confounder (wrong) "
                "or neither (a tie: undecided). ``credited`` counts the correct items plus "
                "each undecided item guessed (``ties=random``: a seeded coin, 0 or 1; "
                "``expected``: 1/2).")

ENTRIES: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- tags, token level
    "m1": {
        "formula": r"\mathrm{M\text{-}1} = \frac{1}{N}\sum_{k \in K} \max_{c \in C} n_{ck}",
        "edge": _NAN + "; several clusters may map to one class, so M-1 rises with "
                       ":math:`|K|` (1 with one cluster per token).",
        "where": "Frank, Goldwater & Keller 2009, 'Evaluation' (matched accuracy); "
                 "Gelling et al. 2012, §3; Reichart et al. 2010, §3"},
    "1to1": {
        "formula": r"\mathrm{1\text{-}1} = \frac{1}{N}\max_{f:\,K \to C \text{ injective}}"
                   r"\sum_{k} n_{f(k)\,k}",
        "edge": _NAN + "; clusters left over when :math:`|K| > |C|` score nothing. The "
                       "optimal assignment is Kuhn-Munkres.",
        "where": "Gelling et al. 2012, §3; Reichart et al. 2010, §3"},
    "1to1_greedy": {
        "formula": r"\mathrm{1\text{-}1}_{greedy} = \frac{1}{N}\sum_{(c,k) \in G} n_{ck},"
                   r"\quad G: \text{largest cell first, each } c \text{ and } k \text{ once}",
        "edge": _NAN + "; ties between equal cells are broken by position (first class, "
                       "then first cluster), so the value is deterministic. Never above "
                       "the optimal 1-1.",
        "where": "Gelling et al. 2012, §3, after Christodoulopoulos et al. 2010"},
    "vi": {
        "formula": r"\mathrm{VI} = H(C \mid K) + H(K \mid C)",
        "edge": _NAN + "; 0 exactly when the clustering is the gold partition; at most "
                       ":math:`\\log N`. Depends on the log base (``log_base``).",
        "where": "Meilă 2007; Gelling et al. 2012, §3"},
    "nvi": {
        "formula": r"\mathrm{NVI} = \begin{cases}\dfrac{H(C \mid K) + H(K \mid C)}{H(C)} "
                   r"& H(C) > 0\\[1ex] H(K) & H(C) = 0\end{cases}",
        "edge": _NAN + "; with one gold class NVI is :math:`H(K)` (Reichart & Rappoport "
                       "2009), so it depends on the log base and is 0 only for a single "
                       "cluster. Can exceed 1.",
        "where": "Reichart & Rappoport 2009; Reichart et al. 2010, §3"},
    "v": {
        "formula": r"V_\beta = \frac{(1+\beta)\,h\,c}{\beta h + c}",
        "edge": _NAN + "; 0 when :math:`\\beta h + c = 0`. :math:`\\beta` is ``beta`` "
                       "(default 1). Independent of the log base.",
        "where": "Rosenberg & Hirschberg 2007; Gelling et al. 2012, §3; Reichart et al. "
                 "2010, §3"},
    "homogeneity": {
        "formula": r"h = \begin{cases}\dfrac{I(C;K)}{H(C)} = 1 - \dfrac{H(C\mid K)}{H(C)}"
                   r" & H(C) > 0\\[1ex] 1 & H(C) = 0\end{cases}",
        "edge": _NAN + "; one gold class: 1 (nothing to explain).",
        "where": "Rosenberg & Hirschberg 2007, §4"},
    "completeness": {
        "formula": r"c = \begin{cases}\dfrac{I(C;K)}{H(K)} = 1 - \dfrac{H(K\mid C)}{H(K)}"
                   r" & H(K) > 0\\[1ex] 1 & H(K) = 0\end{cases}",
        "edge": _NAN + "; one induced cluster: 1.",
        "where": "Rosenberg & Hirschberg 2007, §4"},
    "h_c_given_k": {
        "formula": r"H(C \mid K) = -\sum_{c,k} \frac{n_{ck}}{N}\log\frac{n_{ck}}{n_k}",
        "edge": _NAN + "; 0 when every cluster holds one class (:math:`0 \\log 0 = 0`).",
        "where": "Reichart et al. 2010, §3"},
    "h_k_given_c": {
        "formula": r"H(K \mid C) = -\sum_{c,k} \frac{n_{ck}}{N}\log\frac{n_{ck}}{n_c}",
        "edge": _NAN + "; 0 when every class lies in one cluster.",
        "where": "Reichart et al. 2010, §3"},
    "pp": {
        "formula": r"P = \frac{\sum_{c,k}\binom{n_{ck}}{2}}{\sum_k \binom{n_k}{2}}",
        "edge": _NAN + "; no two tokens share a cluster: 1 (no wrong pair was claimed).",
        "where": "Frank, Goldwater & Keller 2009, eq. (1)"},
    "pr": {
        "formula": r"R = \frac{\sum_{c,k}\binom{n_{ck}}{2}}{\sum_c \binom{n_c}{2}}",
        "edge": _NAN + "; no two tokens share a gold class: 1.",
        "where": "Frank, Goldwater & Keller 2009, eq. (1)"},
    "pf": {
        "formula": r"F = \frac{2PR}{P + R}",
        "edge": _NAN + "; 0 when :math:`P + R = 0`.",
        "where": "Frank, Goldwater & Keller 2009, eq. (1)"},
    # ---------------------------------------------------------------- tags, type level
    "macro_i_1to1": {
        "formula": r"\mathrm{MacroI} = \frac{2\sum_i IM_i}{\sum_i |A_i| + \sum_i |h(B_i)|}",
        "edge": _TYPE_EDGE, "note": _TYPE_NOTE + " " + _MAPPING_1TO1 +
        " MacroI equals MacroC (§4.2).",
        "where": "Reichart, Abend & Rappoport 2010, §4.1 (MacroI), §4.2 (MacroC)"},
    "macro_i_m1": {
        "formula": r"\mathrm{MacroI} = \frac{2\sum_i IM_i}{\sum_i |A_i| + \sum_i |h(B_i)|}",
        "edge": _TYPE_EDGE, "note": _TYPE_NOTE + " " + _MAPPING_M1,
        "where": "Reichart, Abend & Rappoport 2010, §4.1"},
    "micro_i_1to1": {
        "formula": r"\mathrm{MicroI} = \frac{1}{l}\sum_i \frac{2\,IM_i}{|A_i| + |h(B_i)|}",
        "edge": _TYPE_EDGE, "note": _TYPE_NOTE + " " + _MAPPING_1TO1,
        "where": "Reichart, Abend & Rappoport 2010, §4.1"},
    "micro_i_m1": {
        "formula": r"\mathrm{MicroI} = \frac{1}{l}\sum_i \frac{2\,IM_i}{|A_i| + |h(B_i)|}",
        "edge": _TYPE_EDGE, "note": _TYPE_NOTE + " " + _MAPPING_M1,
        "where": "Reichart, Abend & Rappoport 2010, §4.1"},
    "micro_c_1to1": {
        "formula": r"\mathrm{MicroC} = \sum_{k \in K^h}\frac{|k|}{N^*}\,F_k,\quad "
                   r"F_k = \frac{2\,CM_k}{|h(k)| + |k|},\quad N^* = \sum_{k} |k|",
        "edge": _TYPE_EDGE + " Unmapped clusters have :math:`F_k = 0` but count in "
                             ":math:`N^*`.",
        "note": "Clusters mapped to the same class are united (:math:`K^h`); "
                ":math:`CM_k` counts the types of :math:`k` whose gold entry holds "
                ":math:`h(k)`. " + _MAPPING_1TO1,
        "where": "Reichart, Abend & Rappoport 2010, §4.2"},
    "micro_c_m1": {
        "formula": r"\mathrm{MicroC} = \sum_{k \in K^h}\frac{|k|}{N^*}\,F_k,\quad "
                   r"F_k = \frac{2\,CM_k}{|h(k)| + |k|},\quad N^* = \sum_{k} |k|",
        "edge": _TYPE_EDGE + " Unmapped clusters have :math:`F_k = 0` but count in "
                             ":math:`N^*`.",
        "note": "Clusters mapped to the same class are united (:math:`K^h`). " + _MAPPING_M1,
        "where": "Reichart, Abend & Rappoport 2010, §4.2"},
    # ---------------------------------------------------------------- substitutable
    "sp": {
        "formula": r"SP = \frac{\sum_s\sum_c |s \cap c|\,(|s \cap c| - 1)}"
                   r"{\sum_c |c|\,(|c| - 1)}",
        "edge": "no cluster pair (denominator 0): ``nan``. Not bounded by 1: S-clusters "
                "overlap and the numerator sums over all of them; SP grows about linearly "
                "with the test corpus, so values compare only on one test corpus.",
        "note": _SUBST_NOTE, "where": "Frank, Goldwater & Keller 2009, eq. (2)"},
    "sr": {
        "formula": r"SR = \frac{\sum_s\sum_c |s \cap c|\,(|s \cap c| - 1)}"
                   r"{\sum_s |s|\,(|s| - 1)}",
        "edge": "no S-cluster pair (denominator 0): ``nan``. The registry bound is "
                ":math:`\\infty` as for SP; since the clusters partition each S-cluster, "
                "SR cannot exceed 1.",
        "note": _SUBST_NOTE, "where": "Frank, Goldwater & Keller 2009, eq. (3)"},
    "sf": {
        "formula": r"SF = \frac{2\,SP\,SR}{SP + SR}",
        "edge": "``nan`` when SP or SR is; 0 when :math:`SP + SR = 0`.",
        "note": _SUBST_NOTE, "where": "Frank, Goldwater & Keller 2009, eqs. (2)-(3)"},
    # ---------------------------------------------------------------- deps
    "directed": {
        "formula": r"\mathrm{DA} = \frac{|\{d : P(d) = G(d)\}|}{|\{d \text{ scored}\}|}",
        "edge": "no scored token: ``nan``. The root attachment counts "
                "(:math:`P(d) = G(d) = 0`); a missing predicted head is wrong; multiple "
                "roots and cycles are scored as they come, never rejected.",
        "note": _DEP_NOTE, "where": "Gelling et al. 2012, §2.3"},
    "undirected": {
        "formula": r"\mathrm{UA} = \frac{|\{d : P(d) = G(d) \lor "
                   r"(P(d) = h > 0 \land G(h) = d)\}|}{|\{d \text{ scored}\}|}",
        "edge": "no scored token: ``nan``. :math:`\\mathrm{UA} \\ge \\mathrm{DA}`, token "
                "by token.",
        "note": _DEP_NOTE, "where": "Gelling et al. 2012, §2.3"},
    "ned": {
        "formula": r"\mathrm{NED} = \frac{|\{d : \text{undirected}(d) \lor "
                   r"P(d) = G(G(d))\}|}{|\{d \text{ scored}\}|}",
        "edge": "no scored token: ``nan``. When :math:`G(d)` is the root word, predicting "
                ":math:`d` as a root counts (the flip NED forgives); a token whose gold "
                "head is 0 has no grandparent. :math:`\\mathrm{NED} \\ge \\mathrm{UA}`.",
        "note": _DEP_NOTE,
        "where": "Schwartz, Abend, Reichart & Rappoport 2011; Gelling et al. 2012, §2.3"},
    "root": {
        "formula": r"\mathrm{Root} = \frac{|\{d : G(d) = 0 \land P(d) = 0\}|}"
                   r"{|\{d : G(d) = 0\}|}",
        "edge": "no gold root among the scored tokens: ``nan``.",
        "note": _DEP_NOTE + " The ROOT column of Gelling et al. 2012, Table 6.",
        "where": "Gelling et al. 2012, §2.3 and Table 6"},
    # ---------------------------------------------------------------- wopa
    "wopa": {
        "formula": r"\mathrm{WOPA} = \frac{|\{u : \text{the learner produces } u "
                   r"\text{ in its original order}\}|}{|\{u \text{ scored}\}|}",
        "edge": "no scored utterance: ``nan``. Utterances with no word left once "
                "punctuation is removed, and one-word utterances (one order), are "
                "counted and not scored. A proportion (the paper reports percent; "
                "``--percent`` shows it so); the Chance learner's outcome is its "
                "expected accuracy :math:`1/n!`.",
        "note": "An utterance is a bag of words the learner orders word by word (Chang, "
                "Lieven & Tomasello 2006); ties between words are broken by a seeded draw "
                "(``ties=random``) or against the learner (``pessimistic``).",
        "where": "Chang, Lieven & Tomasello 2006, p. 154"},
    # ---------------------------------------------------------------- pseudo-words
    "accuracy": {
        "formula": r"\mathrm{Acc} = \frac{\text{correct}}{\text{correct} + \text{wrong} + "
                   r"\text{undecided}}",
        "edge": "no test item: ``nan``. Undecided items count as wrong.",
        "note": _PSEUDO_NOTE, "where": "Chambers & Jurafsky 2010, §7"},
    "accuracy_guess": {
        "formula": r"\mathrm{Acc}_{guess} = \frac{\text{credited}}{\text{correct} + "
                   r"\text{wrong} + \text{undecided}}",
        "edge": "no test item: ``nan``.",
        "note": _PSEUDO_NOTE, "where": "Chambers & Jurafsky 2010, §7"},
    "precision": {
        "formula": r"\mathrm{Prec} = \frac{\text{correct}}{\text{correct} + \text{wrong}}",
        "edge": "no decided item: ``nan``.",
        "note": _PSEUDO_NOTE, "where": "Chambers & Jurafsky 2010, §7"},
    "coverage": {
        "formula": r"\mathrm{Cov} = \frac{\text{correct} + \text{wrong}}{\text{correct} + "
                   r"\text{wrong} + \text{undecided}}",
        "edge": "no test item: ``nan``.",
        "note": _PSEUDO_NOTE, "where": "Chambers & Jurafsky 2010, §7"},
}
