"""The towers' layout in one module: the prefetch helper (a FIFOQueue and its runner) and the batching
function beside the loop; `from tensorflow.compat import v1`; the batches' tensors reuse the towers' names."""

import os

from tensorflow.compat import v1 as tf1


def prefetch(tensors, capacity=4):
    queue = tf1.FIFOQueue(capacity, [t.dtype for t in tensors], shapes=[t.get_shape() for t in tensors])
    tf1.train.add_queue_runner(tf1.train.QueueRunner(queue, [queue.enqueue(tensors)]))
    return queue


def batched(files):
    queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    _, line = tf1.TextLineReader().read(queue)
    x, y = tf1.decode_csv(line, [[0.0], [0]])
    xs, ys = tf1.train.batch([x, y], batch_size=4)
    return xs + 1.0, ys


def main(data_dir):
    files = []
    for k in range(2):
        files.append(os.path.join(data_dir, "towers_same_%d.csv" % k))
        with open(files[-1], "w") as out:
            out.write("".join("%d.5,%d\n" % (10 * k + i, i) for i in range(6)))
    xs, ys = batched(files)
    q = prefetch([xs, ys])
    outs = []
    tower = 0
    while tower < 3:
        xs, ys = q.dequeue()
        outs.append([xs, ys])
        tower += 1
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                for x, y in sess.run(outs):
                    batches.append([x.tolist(), y.tolist()])
        except tf1.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": len(batches)}
