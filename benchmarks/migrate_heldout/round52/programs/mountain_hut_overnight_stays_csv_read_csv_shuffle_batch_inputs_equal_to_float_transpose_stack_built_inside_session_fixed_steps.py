# Logistic regression: will a mountain hut be full tonight? (the Titanic example of
# "TensorFlow for Machine Intelligence", chapter 4, moved up the mountain)
import os

import numpy as np
import tensorflow.compat.v1 as tf

DATA_FILE = None

# same params and variables initialization as log reg.
W = None
b = None


def combine_inputs(X):
    return tf.matmul(X, W) + b


# new inferred value is the sigmoid applied to the former
def inference(X):
    return tf.sigmoid(combine_inputs(X))


def loss(X, Y):
    return tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(logits=combine_inputs(X), labels=Y))


def read_csv(batch_size, file_name, record_defaults):
    filename_queue = tf.train.string_input_producer([os.path.join(os.getcwd(), file_name)],
                                                    num_epochs=1)

    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)

    # decode_csv will convert a Tensor from type string (the text line) in
    # a tuple of tensor columns with the specified defaults, which also
    # sets the data type for each column
    decoded = tf.decode_csv(value, record_defaults=record_defaults)

    # batch actually reads the file and loads "batch_size" rows in a single tensor
    return tf.train.shuffle_batch(decoded,
                                  batch_size=batch_size,
                                  capacity=batch_size * 50,
                                  min_after_dequeue=batch_size)


def inputs():
    stay_id, full, region, hut_name, access, altitude, guests, weekend, season = \
        read_csv(4, DATA_FILE, [[0.0], [0.0], [0], [""], [""], [0.0], [0.0], [0.0], [""]])

    # convert categorical data
    is_north = tf.to_float(tf.equal(region, [1]))
    is_central = tf.to_float(tf.equal(region, [2]))
    is_south = tf.to_float(tf.equal(region, [3]))

    by_cable_car = tf.to_float(tf.equal(access, ["cablecar"]))

    # Finally we pack all the features in a single matrix;
    # We then transpose to have a matrix with one example per row and one feature per column.
    features = tf.transpose(tf.stack([is_north, is_central, is_south, by_cable_car, altitude / 1000.0, weekend]))
    full = tf.reshape(full, [4, 1])

    return features, full, stay_id


def train(total_loss):
    learning_rate = 0.01
    return tf.train.GradientDescentOptimizer(learning_rate).minimize(total_loss)


def write_stays(path):
    rng = np.random.RandomState(3000)
    huts = [('Capanna Regina', 'walk'), ('Rifugio Alto', 'cablecar'), ('Huette Gams', 'walk')]
    with open(path, 'w') as f:
        f.write('stay_id,full,region,hut_name,access,altitude,guests,weekend,season\n')
        for i in range(12):
            name, access = huts[i % 3]
            f.write('%d,%d,%d,%s,%s,%d,%d,%d,%s\n' % (
                i + 1, rng.randint(0, 2), 1 + i % 3, name, access,
                2200 + 150 * (i % 5), rng.randint(5, 80), i % 2, 'summer' if i % 4 else 'winter'))


def main(data_dir):
    global DATA_FILE, W, b
    folder = os.path.join(data_dir, 'h52_hut_stays')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    DATA_FILE = os.path.join(folder, 'stays.csv')
    write_stays(DATA_FILE)

    W = tf.Variable(tf.zeros([6, 1]), name="weights")
    b = tf.Variable(0., name="bias")

    batches = []
    # Launch the graph in a session, setup boilerplate
    with tf.Session() as sess:

        tf.global_variables_initializer().run()

        X, Y, ids = inputs()

        total_loss = loss(X, Y)
        train_op = train(total_loss)

        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)

        # actual training loop
        training_steps = 3
        for step in range(training_steps):
            _, xv, yv, iv = sess.run([train_op, X, Y, ids])
            batches.append([xv.tolist(), yv.tolist(), iv.tolist()])
            # for debugging and learning purposes, see how the loss gets decremented thru training steps
            if step % 10 == 0:
                print("step: ", step)

        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "stays: %d" % sum(len(b[2]) for b in batches)}
