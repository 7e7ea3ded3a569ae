# Tide-pool species counts fed by two Python threads sharing one generator (tensorflow/models
# issue #979, "textsum: Duplicate data in queue", with the fix the issue proposed).
import os

import tensorflow.compat.v1 as tf

from tide62_lib import batch_reader
from tide62_lib import data


def main(data_dir):
    folder = os.path.join(data_dir, "h62_tide_pools")
    os.makedirs(folder, exist_ok=True)
    paths = data.write_surveys(folder)

    batcher = batch_reader.Batcher(paths, batch_size=4, num_threads=2)
    pools, species, counts = batcher.NextBatch()

    batches = []
    sess = tf.Session()
    batcher.Start(sess)
    while True:
        try:
            p, s, c = sess.run([pools, species, counts])
        except tf.errors.OutOfRangeError:
            break
        batches.append([[x.decode() for x in p], [x.decode() for x in s], c.tolist()])
    batcher.Join()
    sess.close()
    return {"batches": batches, "end": "pools: %d" % sum(len(b[0]) for b in batches)}
