"""Query-autocomplete LM input: typed prefixes -> chosen completion, char ids, under a Supervisor."""
import os
import random

import tensorflow.compat.v1 as tf

MAX_CHARS = 8


def char_ids(text):
    codes = tf.cast(tf.decode_raw(text, tf.uint8), tf.int32)[:MAX_CHARS]
    codes = tf.pad(codes, [[0, MAX_CHARS - tf.shape(codes)[0]]])
    codes.set_shape([MAX_CHARS])
    return codes


def build_inputs(path, batch_size):
    with tf.name_scope("inputs"):
        fq = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(fq)
        prefix, completion_id = tf.decode_csv(line, [[""], [0]], field_delim="|")
        return tf.train.batch([char_ids(prefix), completion_id], batch_size=batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, "h60_query_autocomplete")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "prefix_log.psv")
    rng = random.Random(612)
    with open(path, "w") as f:
        for _ in range(10):
            q = rng.choice(["weather", "wikipedia", "weekend", "webcam", "whatsapp"])
            f.write("%s|%d\n" % (q[:rng.randint(1, len(q))], rng.randint(0, 4)))
    prefixes, completions = build_inputs(path, batch_size=2)
    sv = tf.train.Supervisor(logdir=None, init_op=tf.group(tf.global_variables_initializer(),
                                                           tf.local_variables_initializer()))
    batches = []
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                p, c = sess.run([prefixes, completions])
            except tf.errors.OutOfRangeError:
                break
            batches.append([p.tolist(), c.tolist()])
    return {"batches": batches, "end": "prefixes: %d" % sum(len(b[1]) for b in batches)}
