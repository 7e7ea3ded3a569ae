"""Very small SMILES featurizer: counts of a few atom symbols plus ring closures."""
import re

import numpy as np

ATOMS = ['C', 'N', 'O', 'S', 'Cl']
N_FEATURES = len(ATOMS) + 1
_TOKEN = re.compile(r'Cl|Br|[CNOSPF]|[cnos]|\d')


def featurize(smiles):
    if isinstance(smiles, bytes):
        smiles = smiles.decode('utf-8')
    counts = np.zeros(N_FEATURES, dtype=np.float32)
    for tok in _TOKEN.findall(smiles):
        if tok.isdigit():
            counts[-1] += 0.5
        elif tok.upper() in ATOMS:
            counts[ATOMS.index(tok.upper())] += 1
        elif tok in ATOMS:
            counts[ATOMS.index(tok)] += 1
    return counts
