"""Train and eval pipelines in one graph, their prefetch queues' runners kept in separate collections and started
apart: the training runners first, the evaluation runners only once training has drained its queue."""
import os

import tensorflow.compat.v1 as tf

TRAIN_RUNNERS = "train_queue_runners"
EVAL_RUNNERS = "eval_queue_runners"


class Config(object):
    train_batch = 4
    eval_batch = 3
    capacity = 16


def write_split(path, start, n):
    with open(path, "w") as f:
        f.write("id,temp,pressure,fault\n")
        for i in range(start, start + n):
            f.write("%d,%.1f,%.2f,%d\n" % (i, 20 + i * 0.5, 1.0 + i / 100.0, int(i % 4 == 0)))


def prefetched_rows(csv_path, batch_size, capacity, collection, scope):
    with tf.name_scope(scope):
        files = tf.train.string_input_producer([csv_path], num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader(skip_header_lines=1).read(files)
        rid, temp, pressure, fault = tf.decode_csv(line, [[0], [0.0], [0.0], [0]])
        features = tf.stack([temp, pressure])
        queue = tf.FIFOQueue(capacity, [tf.int32, tf.float32, tf.int32], shapes=[[], [2], []])
        enqueue = queue.enqueue([rid, features, fault])
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue]), collection=collection)
        return queue.dequeue_many(batch_size)


def run_until_drained(sess, tensors, out, tag):
    while True:
        try:
            ids, feats, faults = sess.run(tensors)
        except tf.errors.OutOfRangeError:
            return
        out.append([tag, ids.tolist(), [[round(float(v), 3) for v in row] for row in feats], faults.tolist()])


def main(data_dir):
    root = os.path.join(data_dir, "h26_train_eval_runner_collections_started_apart")
    os.makedirs(root, exist_ok=True)
    write_split(os.path.join(root, "train.csv"), 0, 12)
    write_split(os.path.join(root, "eval.csv"), 100, 6)
    cfg = Config()
    train_batch = prefetched_rows(os.path.join(root, "train.csv"), cfg.train_batch, cfg.capacity, TRAIN_RUNNERS,
                                  "train_input")
    eval_batch = prefetched_rows(os.path.join(root, "eval.csv"), cfg.eval_batch, cfg.capacity, EVAL_RUNNERS,
                                 "eval_input")
    out = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)  # the file producers
        threads += tf.train.start_queue_runners(sess=sess, coord=coord, collection=TRAIN_RUNNERS)
        run_until_drained(sess, train_batch, out, "train")
        threads += tf.train.start_queue_runners(sess=sess, coord=coord, collection=EVAL_RUNNERS)
        run_until_drained(sess, eval_batch, out, "eval")
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "train_then_eval"}
