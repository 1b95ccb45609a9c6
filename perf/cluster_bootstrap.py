"""The cluster bootstrap of perf/stats.bench.ts in numpy, for timing against felicity's own.

Reads per-request numerator/denominator sums (float64, requests x columns x 2, as written by the
benchmark), draws `reps` resamples of the requests, recomputes every ratio column on each, and
takes 95% percentile intervals. Prints one JSON line: wall-clock and CPU seconds (all threads) and a checksum of the bounds.
Usage: python3 cluster_bootstrap.py SUMS_FILE REQUESTS COLUMNS REPS SEED
"""
import json
import sys
import time
import warnings

import numpy as np


def main() -> None:
    path, requests, columns, reps, seed = sys.argv[1], *map(int, sys.argv[2:6])
    values = np.fromfile(path, dtype=np.float64).reshape(requests, columns * 2)
    start = time.perf_counter()
    cpu_start = time.process_time()
    rng = np.random.default_rng(seed)
    # How often each request is drawn in each replicate, then every column's sums at once.
    counts = rng.multinomial(requests, np.full(requests, 1.0 / requests), size=reps).astype(np.float64)
    sums = counts @ values
    with np.errstate(invalid="ignore", divide="ignore"):
        ratios = sums[:, 0::2] / sums[:, 1::2]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # columns never defined: all-NaN slices
        low, high = np.nanpercentile(ratios, [2.5, 97.5], axis=0)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(json.dumps({"seconds": seconds, "cpu": cpu, "checksum": float(np.nansum(low) + np.nansum(high))}))


if __name__ == "__main__":
    main()
