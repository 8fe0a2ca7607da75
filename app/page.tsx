export default function Home() {
  return <main>Tickwork</main>;
}
