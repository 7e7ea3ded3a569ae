"""Knowledge-graph embedding input (TransE-style): tab-separated id triples, a corrupted tail made in the graph;
the input tensors are built once and kept in a module-level global that every caller shares."""

import os

import tensorflow

tf = tensorflow.compat.v1

NUM_ENTITIES = 23
NUM_RELATIONS = 4
BATCH_SIZE = 6

_INPUTS = None


def write_triples(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "train.triples")
    with open(path, "w") as f:
        for i in range(40):
            head, relation = (i * 5) % NUM_ENTITIES, i % NUM_RELATIONS
            f.write("%d\t%d\t%d\n" % (head, relation, (head + 3 * relation + 1) % NUM_ENTITIES))
    return path


def _parse_triple(line):
    ids = tf.string_to_number(tf.string_split([line], delimiter="\t").values, out_type=tf.int32)
    head, relation, tail = ids[0], ids[1], ids[2]
    corrupted = tf.mod(tail + 1 + relation, NUM_ENTITIES)
    return head, relation, tail, corrupted


def get_inputs(triples_path):
    """The (head, relation, tail, corrupted tail) batch, built on the first call."""
    global _INPUTS
    if _INPUTS is None:
        queue = tf.train.string_input_producer([triples_path], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        _INPUTS = tf.train.batch(list(_parse_triple(line)), batch_size=BATCH_SIZE,
                                 allow_smaller_final_batch=True)
    return _INPUTS


def score_ops(triples_path):
    heads, relations, tails, corrupted = get_inputs(triples_path)
    positive = heads + relations - tails
    negative = heads + relations - corrupted
    return positive, negative


def main(data_dir):
    path = write_triples(os.path.join(data_dir, "h17_kg_triples_global_singleton"))
    positive, negative = score_ops(path)
    heads, relations, tails, corrupted = get_inputs(path)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                out = sess.run([heads, relations, tails, corrupted, positive, negative])
                batches.append([column.tolist() for column in out])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
