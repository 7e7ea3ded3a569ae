"""Click-through-rate input over Criteo-like TSV parts: decode_csv with tabs and empty fields, hashed categorical
columns, train.batch; a MonitoredSession made with a ChiefSessionCreator and a scaffold."""
import os

import tensorflow as tf

tf1 = tf.compat.v1

NUM_INT, NUM_CAT, HASH = 2, 2, 1000


def write_parts(root):
    os.makedirs(root, exist_ok=True)
    paths = []
    for part in range(2):
        p = os.path.join(root, "day_0_part%d.tsv" % part)
        with open(p, "w") as f:
            for i in range(7):
                r = part * 7 + i
                ints = ["" if (r + k) % 5 == 0 else str(r * (k + 1)) for k in range(NUM_INT)]
                cats = ["%08x" % (r * 2654435761 % (2 ** 32)) if k == 0 else ("" if r % 4 == 0 else "c%d" % (r % 3))
                        for k in range(NUM_CAT)]
                f.write("\t".join([str(r % 2)] + ints + cats) + "\n")
        paths.append(p)
    return paths


def parse_line(line):
    defaults = [[0]] + [[0]] * NUM_INT + [["missing"]] * NUM_CAT
    cols = tf1.decode_csv(line, record_defaults=defaults, field_delim="\t")
    label, dense, cats = cols[0], tf.stack(cols[1:1 + NUM_INT]), cols[1 + NUM_INT:]
    hashed = tf.stack([tf1.string_to_hash_bucket_fast(c, HASH) for c in cats])
    return label, tf1.log1p(tf.cast(dense, tf.float32)), hashed


def build_inputs(paths, batch_size):
    with tf1.name_scope("criteo_input"):
        queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        _, line = tf1.TextLineReader().read(queue)
        label, dense, hashed = parse_line(line)
        return tf1.train.batch([label, dense, hashed], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    paths = write_parts(os.path.join(data_dir, "h27_criteo_tsv_hash_buckets_chief_session_creator"))
    label, dense, hashed = build_inputs(paths, batch_size=4)
    scaffold = tf1.train.Scaffold(local_init_op=tf.group(tf1.local_variables_initializer(),
                                                         tf1.tables_initializer()))
    creator = tf1.train.ChiefSessionCreator(scaffold=scaffold, config=tf1.ConfigProto(log_device_placement=False))
    batches = []
    with tf1.train.MonitoredSession(session_creator=creator) as sess:
        while not sess.should_stop():
            l, d, h = sess.run([label, dense, hashed])
            batches.append([l.tolist(), [[round(float(v), 4) for v in r] for r in d], h.tolist()])
    return {"batches": batches, "end": "monitored session stopped"}
