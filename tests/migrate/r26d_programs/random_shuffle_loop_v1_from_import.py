"""A RandomShuffleQueue filled by one enqueue op per shard made in a loop; read by dequeue_many (12 rows: whole
batches, since which rows a short tail drops is the shuffle's chance)."""
import os

from tensorflow.compat import v1 as tf1

N_SHARDS = 3
SHAPES = [[2], []]


def shard_reader(path, index):
    with tf1.name_scope("shard_%d" % index):
        queue = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
        reader = tf1.TextLineReader()
        _, value = reader.read(queue)
        x, y, label = tf1.decode_csv(value, record_defaults=[[0.0], [0.0], [""]])
        return tf1.stack([x, y]), label


def main(data_dir):
    tf1.disable_eager_execution()
    root = os.path.join(data_dir, "r26d_shuffle")
    os.makedirs(root, exist_ok=True)
    files = []
    for s in range(N_SHARDS):
        files.append(os.path.join(root, "s%d.csv" % s))
        with open(files[-1], "w") as f:
            f.write("".join("%d,%d.5,lab%d_%d\n" % (s, t, s, t) for t in range(4)))
    examples = tf1.RandomShuffleQueue(capacity=20, min_after_dequeue=4, dtypes=[tf1.float32, tf1.string],
                                      shapes=SHAPES, seed=3)
    enqueue_ops = []
    for index, path in enumerate(files):
        features, label = shard_reader(path, index)
        enqueue_ops.append(examples.enqueue((features, label)))
    tf1.train.queue_runner.add_queue_runner(tf1.train.queue_runner.QueueRunner(examples, enqueue_ops))
    features, label = examples.dequeue_many(4)
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess, coord)
        try:
            while True:
                f, l = sess.run([features, label])
                batches.append([f.tolist(), [x.decode() for x in l]])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
