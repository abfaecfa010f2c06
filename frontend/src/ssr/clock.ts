/**
 * The day the page was rendered: on the server, today (UTC); in the browser, the server's day from
 * BootData, so what shows the date (the legal pages' 'Last Updated') hydrates to the same text.
 */
let renderedOn: string | undefined;
export const setRenderedOn = (day: string) => {
  renderedOn = day;
};
export const renderTime = () => (renderedOn ? new Date(`${renderedOn}T12:00:00Z`) : new Date());
