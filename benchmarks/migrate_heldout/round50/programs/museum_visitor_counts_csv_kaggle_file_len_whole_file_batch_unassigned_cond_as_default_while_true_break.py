import os

import numpy as np
import tensorflow.compat.v1 as tf

train_file_name = "train.csv"
test_file_name = "test.csv"


def file_len(fname, skip_header_lines = 0):
    with open(fname) as f:
        for i, l in enumerate(f):
            pass
    return i + 1 - skip_header_lines


def read_from_csv(name_queue):
    reader = tf.TextLineReader(skip_header_lines = 1)
    _, csv_row = reader.read(name_queue)
    # day,gallery,weekday,school_group,temp_c,rain_mm,visitors
    record_defaults = [[-1], [""], [-1], [""], [0.0], [0.0], [0]]
    _, gallery, weekday, school, temp, rain, visitors = tf.decode_csv(csv_row, record_defaults=record_defaults)

    school_comp = tf.equal(school, "yes")
    school = 0
    tf.cond(school_comp, lambda: tf.add(school, tf.constant(0)), lambda: tf.add(school, tf.constant(1)))

    features = tf.stack([weekday, school, tf.to_int32(temp), tf.to_int32(rain)])
    return features, visitors


def input_pipeline(filenames, batch_size, num_epochs=None):
	filename_queue = tf.train.string_input_producer(
		filenames, num_epochs=num_epochs, shuffle=True)
	features, visitors = read_from_csv(filename_queue)

	min_after_dequeue = 10000
	capacity = min_after_dequeue + 3 * batch_size

	example_batch, label_batch = tf.train.batch(
		[features, visitors], batch_size=batch_size, capacity=capacity)
		#min_after_dequeue=min_after_dequeue)
	return example_batch, label_batch


def write_counts(out):
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(5007)
    with open(os.path.join(out, train_file_name), "w") as f:
        f.write("day,gallery,weekday,school_group,temp_c,rain_mm,visitors\n")
        for d in range(9):
            f.write("%d,%s,%d,%s,%.1f,%.1f,%d\n" % (d, ["egypt", "impressionists", "dinosaurs"][d % 3], d % 7,
                                                   "yes" if rng.rand() < 0.4 else "no", rng.uniform(2, 24),
                                                   rng.uniform(0, 9), rng.randint(150, 2400)))
    return out


def main(data_dir):
    out = write_counts(os.path.join(data_dir, "h50_museum_visitors"))
    train_path = os.path.join(out, train_file_name)
    train_batch_size = file_len(train_path, skip_header_lines=1)
    X, y = input_pipeline([train_path], train_batch_size, 1)

    sess = tf.Session()
    batches = []
    with sess.as_default():
        tf.initialize_local_variables().run()
        tf.initialize_all_variables().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        while True:
            try:
                Xtr, ytr = sess.run([X, y])
                print (Xtr, ytr)
                batches.append([Xtr.tolist(), ytr.tolist()])
            except tf.errors.OutOfRangeError:
                break
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "days: %d of %d" % (sum(len(b[1]) for b in batches), train_batch_size)}
