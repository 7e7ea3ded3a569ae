"""One function: a WholeFileReader's key (the file name) batched with the contents by `train.batch`, in order."""
import os

from tensorflow.compat import v1 as tf1


def main(data_dir):
    root = os.path.join(data_dir, "r30c_plain")
    os.makedirs(root, exist_ok=True)
    for i in range(5):
        with open(os.path.join(root, "doc%d.txt" % i), "w") as f:
            f.write("doc %d " % i * (i + 1))
    files = [os.path.join(root, "doc%d.txt" % i) for i in range(5)]
    queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    key, value = tf1.WholeFileReader().read(queue)
    name = tf1.string_join([key, "!"])
    keys, values = tf1.train.batch([name, value], batch_size=3, allow_smaller_final_batch=True)
    out, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                k, v = sess.run([keys, values])
                out.append([[x.decode().replace(data_dir, "DATA") for x in k], [x.decode() for x in v]])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
