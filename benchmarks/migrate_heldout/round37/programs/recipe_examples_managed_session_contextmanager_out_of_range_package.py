"""Recipe records batched as a dict and read inside a @contextmanager managed_session() that swallows
OutOfRangeError."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from recipe37_lib import example_data

CUISINES = ["thai", "greek", "mexican"]


def main(data_dir):
    folder = os.path.join(data_dir, "h37_recipes")
    os.makedirs(folder, exist_ok=True)
    rows = [{"cuisine": CUISINES[i % 3], "ingredients": [i % 7, (i * 3) % 11, 20 + i],
             "minutes": 15.0 + 5 * i} for i in range(7)]
    paths = [os.path.join(folder, "recipes-0.tfrecords"), os.path.join(folder, "recipes-1.tfrecords")]
    example_data.write_examples(paths[0], rows[:4])
    example_data.write_examples(paths[1], rows[4:])
    features = {"cuisine": tf.FixedLenFeature([], tf.string),
                "ingredients": tf.FixedLenFeature([3], tf.int64),
                "minutes": tf.FixedLenFeature([], tf.float32)}
    batch = example_data.examples_queue(paths, features, batch_size=3)

    batches = []
    with example_data.managed_session() as sess:
        while True:
            b = sess.run(batch)
            batches.append([[c.decode() for c in b["cuisine"]], b["ingredients"].tolist(),
                            np.round(b["minutes"].astype(np.float64), 2).tolist()])
    return {"batches": batches, "end": "recipes: %d" % sum(len(b[0]) for b in batches)}
