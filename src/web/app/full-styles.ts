// Every Mantine component's styles, loaded with the first lazy screen (see initial-styles.ts). It repeats the
// first-paint rules inside the same layer, which changes nothing.
import '@mantine/core/styles.layer.css';
