import os


def write_shards(root, shards, rows, start=0):
    """`shards` CSV files of `rows` lines `id,length` each; the ids start at `start`."""
    os.makedirs(root, exist_ok=True)
    paths = []
    for s in range(shards):
        path = os.path.join(root, "shard-%d.csv" % s)
        with open(path, "w") as f:
            for r in range(rows):
                ident = start + s * rows + r
                f.write("%d,%d\n" % (ident, 2 + ident % 4))
        paths.append(path)
    return paths


def drain(sess, tensors, tag):
    """Every batch `tensors` give until the input ends, as columns: the tag, the ids, the seqs without their pad."""
    import tensorflow.compat.v1 as tf

    batches = []
    try:
        while True:
            ids, seqs, mask = sess.run(tensors)
            batches.append([[tag] * len(ids), [int(i) for i in ids],
                            [[int(x) for x in s[:int(m.sum())]] for s, m in zip(seqs, mask)]])
    except tf.errors.OutOfRangeError:
        pass
    return batches
